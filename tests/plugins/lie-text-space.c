/* liar.h, LIE_TEXT_SPACE. */
#define LIE LIE_TEXT_SPACE
#define LIE_NAME "lie-text-space"
#include "liar.h"
