/* liar.h, LIE_SOLVE. */
#define LIE LIE_SOLVE
#define LIE_NAME "lie-solve"
#include "liar.h"
