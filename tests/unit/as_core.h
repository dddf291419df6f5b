/*
 * as_core.h - the rule struct as the core hands it to a plugin's create()
 * (ABI 1.2): zeroed, with abi and size, and rows and cols set to the size
 * the "size" parameter among params names (4x4 when there is none; 0x0
 * when it is no RxC, which a plugin must refuse).  So the plugins' unit
 * tests call create() as gridbfs does.
 */
#ifndef GRIDBFS_TEST_AS_CORE_H
#define GRIDBFS_TEST_AS_CORE_H

#include <stdio.h>
#include <string.h>

#include <gridbfs/plugin.h>

static inline gridbfs_rule as_core(const gridbfs_param *params, size_t n)
{
    gridbfs_rule r;
    unsigned rows = 4, cols = 4;
    char end;

    memset(&r, 0, sizeof r);
    r.abi = GRIDBFS_ABI;
    r.size = sizeof r;
    for (size_t i = 0; i < n; i++) {
        const char *v = params[i].value, *x = v ? strchr(v, 'x') : NULL;
        if (!params[i].key || strcmp(params[i].key, "size"))
            continue;
        /* digits, 'x', digits: what the core's RxC grammar accepts */
        if (!x || strspn(v, "0123456789") != (size_t)(x - v) || x == v ||
            strspn(x + 1, "0123456789") != strlen(x + 1) || !x[1] ||
            sscanf(v, "%ux%u%c", &rows, &cols, &end) != 2 || rows < 1 ||
            cols < 1 || rows > GRIDBFS_MAX_SIDE || cols > GRIDBFS_MAX_SIDE)
            rows = cols = 0;
    }
    r.rows = rows;
    r.cols = cols;
    return r;
}

#endif
