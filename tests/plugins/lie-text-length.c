/* liar.h, LIE_TEXT_LENGTH. */
#define LIE LIE_TEXT_LENGTH
#define LIE_NAME "lie-text-length"
#include "liar.h"
