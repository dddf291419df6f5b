/* suggest.c - see suggest.h. */
#define _POSIX_C_SOURCE 200809L
#include "suggest.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "layout.h"
#include "parse.h"
#include "util.h"

/* Standard input, opened anew from its start (Linux): a regular file
   only, so that reading it again leaves the run's own offset alone. */
#define STDIN_AGAIN "/proc/self/fd/0"

/* The name that opens path anew from its start, or NULL: no regular
   file. */
static const char *again(const char *path)
{
    struct stat st;
    int is_stdin = strcmp(path, "-") == 0;
    if ((is_stdin ? fstat(STDIN_FILENO, &st) : stat(path, &st)) != 0 ||
        !S_ISREG(st.st_mode))
        return NULL;
    return is_stdin ? STDIN_AGAIN : path;
}

/* Whether path's first case, framed by profile name's layout (as
   run.c's read_input() frames a file), is a record of its rule. */
static int takes(rules *rs, const config *cfg, const char *path,
                 const char *name)
{
    rule_inst *in = rules_choose(rs, NULL, name, 0, 0, NULL);
    char err[READER_MSG_MAX], msg[RULES_MSG_MAX];
    uint8_t cells[256];
    if (in->error)
        return 0;
    reader *rd = reader_open(path, rule_grid_rows(in), in->rule.boards,
                             cfg->max_line, err, sizeof err);
    for (int b = 0; b < 256; b++)
        cells[b] = in->cell[b] != CELL_BAD;
    layout_frame lay = {in->profile ? &in->profile->layout : NULL,
                        in->rule.cols, cells, !cells['#']};
    layout *lo = rd ? layout_open(rd, &lay, err, sizeof err) : NULL;
    if (!lo) {
        reader_close(rd);
        return 0;
    }
    const record *r;
    while ((r = layout_next(lo)) && r->notice)
        ;
    puzzle p = {0};
    uint64_t line;
    int ok = r && !r->rule;
    if (ok) {
        in = rules_choose(rs, NULL, name, r->rows, r->cols, r->param);
        ok = parse_record(in, r, &p, msg, &line) == 0;
    }
    puzzle_free(&p);
    layout_close(lo);
    reader_close(rd);
    return ok;
}

const record *suggest_first(rules *rs, const config *cfg, const char *path,
                            const record *rec, record *hinted, char *buf,
                            size_t cap)
{
    char msg[RULES_MSG_MAX];
    uint64_t line;
    /* the record names its rule itself, or a line's own syntax is at
       fault (a key, size=), whatever the rule */
    if (rec->rule || (rec->line_syntax && rec->error))
        return rec;
    rule_inst *in =
        rules_choose(rs, path, NULL, rec->rows, rec->cols, rec->param);
    puzzle p = {0};
    int parsed = parse_record(in, rec, &p, msg, &line) == 0;
    puzzle_free(&p);
    if (parsed)
        return rec;
    const char *input = again(path);
    char like[RULES_MSG_MAX] = "";
    size_t len = 0;
    for (size_t i = 0; input && i < cfg->nprofiles && len < sizeof like; i++) {
        const char *name = cfg->profiles[i].name;
        if (strcmp(name, in->name) != 0 && takes(rs, cfg, input, name)) {
            fmt(like + len, sizeof like - len, "%s-r %s", len ? " or " : "",
                name);
            len += strlen(like + len);
        }
    }
    *hinted = *rec;
    if (len)
        fmt(buf, cap, "%s (read by rule '%s'; did you mean %s?)", msg, in->name,
            like);
    else if (input)
        fmt(buf, cap,
            "%s (read by rule '%s'; no other profile reads this file)", msg,
            in->name);
    else /* a pipe: read once, no other profile tried */
        fmt(buf, cap, "%s (read by rule '%s')", msg, in->name);
    hinted->error = buf;
    hinted->error_line = line;
    return hinted;
}
