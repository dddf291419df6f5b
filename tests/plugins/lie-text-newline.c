/* liar.h, LIE_TEXT_NEWLINE. */
#define LIE LIE_TEXT_NEWLINE
#define LIE_NAME "lie-text-newline"
#include "liar.h"
