/* liar.h, LIE_GOALS_MANY. */
#define LIE LIE_GOALS_MANY
#define LIE_NAME "lie-goals-many"
#include "liar.h"
