/* liar.h, LIE_SOLVE_XOR. */
#define LIE LIE_SOLVE_XOR
#define LIE_NAME "lie-solve-xor"
#include "liar.h"
