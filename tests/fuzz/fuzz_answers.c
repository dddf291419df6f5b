/*
 * fuzz_answers.c - libFuzzer target for the checker's reading of a
 * contestant's answers (check_answers() in core/check.c): any bytes as
 * the ANSWERS of `gridbfs -r PROFILE --check ANSWERS SAMPLE`, against the
 * judge sample of one of the built-in profiles, through the real plugins.
 *
 * Header:
 *   [0] the profile: profiles[this % NPROFILES]
 *   [1] the report's format: judge, csv or jsonl (this % 3)
 * then the answers, read from a memory file.
 *
 * Checks, beyond the sanitizers: the exit status is 0 (all accepted) or 1
 * (some not), never 2; the report has exactly one line a case of the
 * sample (and the CSV header), each naming its case 1, 2, 3... in order,
 * at a line from 1 to one past the answers' last, with a verdict of the
 * four; a report line holds no control character (reasons quote the
 * answers through text_quote()).
 *
 * GRIDBFS_FUZZ_BUILTIN is config/gridbfs.yaml, GRIDBFS_FUZZ_PLUGINS the
 * build tree's plugin folder and GRIDBFS_FUZZ_JUDGES tests/judges.
 */
#define _GNU_SOURCE

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "config.h"
#include "fuzz_check.h"
#include "loader.h"
#include "rules.h"
#include "util.h"

#define HEADER 2
#define ERR_MAX 512
#define PATH_ROOM 4096

static const char *const profiles[] = {"p1225",   "poj2965",  "poj1222",
                                       "poj3279", "uva10309", "cerc07b",
                                       "poj1753", "acwing95", "timus1122"};
#define NPROFILES (sizeof profiles / sizeof profiles[0])

/* What every run shares: set up once. */
typedef struct world {
    config cfg;
    loader *ld;
    rules *rules[NPROFILES];
    char sample[NPROFILES][PATH_ROOM];
    uint64_t cases[NPROFILES]; /* of each sample, by its .out */
} world;

static world *w;

/* The number of cases the sample's own output has: the report's lines
   when it is checked against itself. */
static uint64_t count_cases(size_t p)
{
    char out[PATH_ROOM], *text = NULL;
    size_t len = 0;
    fmt(out, sizeof out, "%s", w->sample[p]);
    strcpy(out + strlen(out) - 3, ".out");
    FILE *f = open_memstream(&text, &len);
    check_config cc = {&w->cfg, w->rules[p], FORMAT_JUDGE, 1, 0, f};
    int status = check_answers(&cc, out, (char *const[]){w->sample[p]}, 1);
    fclose(f);
    FUZZ_CHECK(status == 0, "%s: its own sample output is not accepted",
               profiles[p]);
    uint64_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    free(text);
    return n;
}

static void setup_world(void)
{
    char err[ERR_MAX];
    w = xcalloc(1, sizeof *w);
    config_init(&w->cfg);
    FUZZ_CHECK(
        config_load_file(&w->cfg, GRIDBFS_FUZZ_BUILTIN, err, sizeof err) == 0,
        "config: %s", err);
    /* engine auto builds a table once the exact solver's time has paid for
       it, time summed over every input of the process: a 2^25 table built
       in one input's time is a timeout, not a fault.  Small tables still
       are built, and read. */
    w->cfg.table_memory = 1 << 20;
    w->ld = loader_new();
    loader_add_dir(w->ld, GRIDBFS_FUZZ_PLUGINS);
    for (size_t p = 0; p < NPROFILES; p++) {
        rules_choice chosen = {profiles[p], 0, 0, 0};
        w->rules[p] = rules_new(&w->cfg, w->ld, &chosen);
        fmt(w->sample[p], sizeof w->sample[p], "%s/%s/sample.in",
            GRIDBFS_FUZZ_JUDGES, profiles[p]);
        w->cases[p] = count_cases(p);
    }
}

/* Check one report line of case want. */
static void check_line(const char *s, size_t n, enum out_format f,
                       uint64_t want, uint64_t last_line)
{
    unsigned long long no = 0, line = 0;
    int at = 0;
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK((unsigned char)s[i] >= 0x20 && s[i] != 0x7f,
                   "a control character in report line %llu",
                   (unsigned long long)want);
    char *copy = xstrndup(s, n);
    int got =
        f == FORMAT_JUDGE
            ? sscanf(copy, "case %llu (line %llu): %n", &no, &line, &at)
        : f == FORMAT_CSV
            ? sscanf(copy, "%llu,%llu,%n", &no, &line, &at)
            : sscanf(copy, "{\"case\":%llu,\"line\":%llu,%n", &no, &line, &at);
    FUZZ_CHECK(got == 2 && at > 0, "report line %llu unreadable: %s",
               (unsigned long long)want, copy);
    FUZZ_CHECK(no == want, "case %llu where %llu was due", no,
               (unsigned long long)want);
    FUZZ_CHECK(line >= 1 && line <= last_line + 1,
               "case %llu at line %llu, past the answers' %llu", no, line,
               (unsigned long long)last_line);
    const char *rest = copy + at;
    if (f == FORMAT_JSONL)
        rest += strlen("\"verdict\":\"");
    int known = 0;
    for (int v = 0; v < CHECK_VERDICTS; v++)
        known |= strncmp(rest, check_verdict_names[v],
                         strlen(check_verdict_names[v])) == 0;
    FUZZ_CHECK(known, "case %llu: no verdict: %s", no, copy);
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!w)
        setup_world();
    if (size < HEADER)
        return 0;
    size_t p = data[0] % NPROFILES;
    enum out_format f = (enum out_format)(data[1] % FORMAT_COUNT);
    int fd = fuzz_input_fd(data + HEADER, size - HEADER, 0);
    char path[64], *text = NULL;
    size_t len = 0;
    uint64_t lines = 0;
    for (size_t i = HEADER; i < size; i++)
        lines += data[i] == '\n';
    lines += size > HEADER && data[size - 1] != '\n';
    fmt(path, sizeof path, "/proc/self/fd/%d", fd);

    FILE *out = open_memstream(&text, &len);
    check_config cc = {&w->cfg, w->rules[p], f, 1, 0, out};
    int status = check_answers(&cc, path, (char *const[]){w->sample[p]}, 1);
    fclose(out);
    close(fd);
    FUZZ_CHECK(status == 0 || status == 1, "%s: exit status %d", profiles[p],
               status);

    const char *s = text, *end = text + len;
    if (f == FORMAT_CSV) {
        FUZZ_CHECK(len >= 25 &&
                       memcmp(s, "case,line,verdict,reason\n", 25) == 0,
                   "no CSV header");
        s += 25;
    }
    uint64_t n = 0;
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        FUZZ_CHECK(nl, "the report does not end in a newline");
        check_line(s, (size_t)(nl - s), f, ++n, lines);
        s = nl + 1;
    }
    FUZZ_CHECK(n == w->cases[p], "%s: %llu report lines for %llu cases",
               profiles[p], (unsigned long long)n,
               (unsigned long long)w->cases[p]);
    free(text);
    return 0;
}
