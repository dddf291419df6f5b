/* liar.h, LIE_GOALS_OFF. */
#define LIE LIE_GOALS_OFF
#define LIE_NAME "lie-goals-off"
#include "liar.h"
