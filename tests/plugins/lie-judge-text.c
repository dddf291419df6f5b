/* liar.h, LIE_JUDGE_TEXT. */
#define LIE LIE_JUDGE_TEXT
#define LIE_NAME "lie-judge-text"
#include "liar.h"
