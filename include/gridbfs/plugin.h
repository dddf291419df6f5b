/*
 * gridbfs/plugin.h - the one header a gridbfs rule plugin includes.
 *
 * A plugin is a shared object exporting one function, GRIDBFS_ENTRY, that
 * returns a constant table of operations (struct gridbfs_plugin).  The core
 * owns reading, framing, search, caching, threads and output; the plugin owns
 * one rule: its parameters, cell alphabet, goal set, successors and move text.
 *
 * Ownership: every pointer argument is borrowed for the duration of the call.
 * Memory a plugin allocates (its instance) is freed by its own destroy().
 * The core never frees plugin memory and a plugin never frees core memory.
 *
 * Threads: the core calls goals(), expand(), move_text(), and solve(),
 * judge_text() and apply() when offered, on one instance from several
 * threads at once, so they must not modify the instance.
 * A plugin does no I/O and keeps no mutable global state.
 *
 * Versioning: GRIDBFS_ABI_MAJOR is part of the entry symbol's name, so a
 * plugin built for another major version fails to load with a clear message.
 * Structs that cross the boundary start with {abi, size}; new fields are only
 * ever appended, and a field beyond a struct's declared size takes its
 * documented default.
 */
#ifndef GRIDBFS_PLUGIN_H
#define GRIDBFS_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GRIDBFS_ABI_MAJOR 1
#define GRIDBFS_ABI_MINOR 3
/*
 * abi field of every struct: major in the high half, minor in the low.  No
 * cast, so C++ with -Wold-style-cast takes it, and #if too.
 */
#define GRIDBFS_ABI (GRIDBFS_ABI_MAJOR * 0x10000u + GRIDBFS_ABI_MINOR)

/* The exported entry symbol; its name carries the ABI major version. */
#define GRIDBFS_ENTRY gridbfs_plugin_abi1
#define GRIDBFS_ENTRY_NAME "gridbfs_plugin_abi1"

/* Boards are at most 32x32 cells. */
#define GRIDBFS_MAX_SIDE 32
#define GRIDBFS_BOARD_WORDS (GRIDBFS_MAX_SIDE * GRIDBFS_MAX_SIDE / 64)
/* The search engine works on states of at most 64 cells: one uint64_t. */
#define GRIDBFS_SEARCH_CELLS 64
/* Upper bound on moves per rule instance (so move ids fit in 16 bits). */
#define GRIDBFS_MAX_MOVES 4096
/* Upper bound on the goal states goals() may report for one puzzle. */
#define GRIDBFS_MAX_GOALS 64

/*
 * A board.  Cell (r, c), 0-based, is bit k = r * cols + c of the board:
 * bit k % 64 of w[k / 64].  A set bit is the alphabet's "one" character.
 * Bits at k >= rows * cols are zero.  A search state is w[0] of a board of
 * at most 64 cells.
 */
typedef struct gridbfs_board {
    uint64_t w[GRIDBFS_BOARD_WORDS];
} gridbfs_board;

/* One configuration parameter, as plain text (sequences joined by '/'). */
typedef struct gridbfs_param {
    const char *key;
    const char *value;
} gridbfs_param;

/* Documentation of one parameter, for --list-rules. */
typedef struct gridbfs_param_doc {
    const char *key;
    const char *default_value;
    const char *help;
} gridbfs_param_doc;

/* Where create() reports why it refused its parameters. */
typedef struct gridbfs_error {
    char *text; /* the core's buffer: one lowercase line, no newline */
    size_t cap; /* bytes available in text, including the NUL */
    long param; /* set to the index of the parameter at fault, or -1 */
} gridbfs_error;

/* Flags a rule instance reports. */
enum {
    /* Every move is its own inverse: the core may search from the goals. */
    GRIDBFS_INVOLUTIVE = 1u << 0,
    /* goals() does not depend on the puzzle: the core may tabulate.  Its
       table is one search from the goals, which the moves reach only
       backwards when each undoes itself: so only with GRIDBFS_INVOLUTIVE
       too; other rules are searched from each puzzle's start. */
    GRIDBFS_FIXED_GOAL = 1u << 1,
    /* ABI 1.2: judge_text() reads the moves only when with_path is set;
       without it the text depends on their number alone, so the core may
       ask solve() for the count and take any engine's shortest sequence. */
    GRIDBFS_TEXT_BY_COUNT = 1u << 2,
    /* ABI 1.3: every move XORs a fixed set of cells into the board, the
       same from every state (next[m] = state ^ mask[m], the mask being
       what the move makes of the empty board): the core may count
       solvable states by linear algebra over GF(2) (gridbfs --census). */
    GRIDBFS_XOR_MOVES = 1u << 3
};

/* What solve() found. */
enum {
    GRIDBFS_SOLVED = 0,     /* moves[0..*len-1] is a shortest sequence */
    GRIDBFS_IMPOSSIBLE = 1, /* no sequence reaches a goal */
    GRIDBFS_TOO_LONG = 2,   /* more than cap moves: *len says how many */
    GRIDBFS_REFUSED = 3     /* beyond this solver: err says why */
};

/* Styles for move_text(). */
enum {
    GRIDBFS_MOVE_JUDGE = 0,  /* the judge's line, e.g. "2 3" or "1213" */
    GRIDBFS_MOVE_COMPACT = 1 /* no spaces, e.g. "2,3" or "1,2-1,3" */
};

/*
 * Whether c may stand for a cell: printable ASCII, and not a blank or a
 * character that frames line records ('/' and '=').  '#' may: in the input
 * of a rule that has it as a cell, '#' starts no comment (UVa 10309's
 * boards are of '#' and 'O').
 */
static inline int gridbfs_cell_char(char c)
{
    return c > ' ' && c < 0x7f && c != '/' && c != '=';
}

/*
 * A rule instance, filled in by create().  The core zeroes the struct and
 * sets abi and size (the bytes it allocated) before the call, and since
 * ABI 1.2 also rows and cols, the board size asked for (a plugin that needs
 * them checks that abi is at least 1.2); the plugin sets every other field.
 */
typedef struct gridbfs_rule {
    uint32_t abi;
    uint32_t size;
    void *inst;      /* the plugin's own, passed back to every operation */
    uint32_t rows;   /* board size, 1..GRIDBFS_MAX_SIDE each: set by the */
    uint32_t cols;   /* core (ABI 1.2), and kept by the plugin */
    char one;        /* the cell character for a set bit, */
    char zero;       /* and for a clear one: two different characters
                        that gridbfs_cell_char() accepts */
    uint32_t boards; /* boards per puzzle record: 1 or 2 */
    uint32_t moves;  /* move ids are 0..moves-1: 0 to GRIDBFS_MAX_MOVES
                        (0: no move at this size; a goal board is then
                        0 moves from a goal, any other is impossible) */
    uint32_t flags;  /* GRIDBFS_INVOLUTIVE, GRIDBFS_FIXED_GOAL,
                        GRIDBFS_TEXT_BY_COUNT (1.2), GRIDBFS_XOR_MOVES
                        (1.3), or'ed; a bit the core does not know (a
                        newer minor's) is ignored */
} gridbfs_rule;

/* The operations of a plugin, returned by GRIDBFS_ENTRY(). */
typedef struct gridbfs_plugin {
    uint32_t abi;        /* GRIDBFS_ABI the plugin was built with */
    uint32_t size;       /* sizeof(gridbfs_plugin) the plugin was built with */
    const char *name;    /* [a-z0-9-]+, the file's name without ".so" */
    const char *summary; /* one line */
    const gridbfs_param_doc *params; /* terminated by a NULL key */

    /*
     * Validate params[0..nparams-1] and fill in *rule.  Returns 0, or -1
     * with a message in err (and err->param set when one parameter is at
     * fault).  The parameter "size" ("RxC", the same size as rule->rows
     * and rule->cols) is always present, last, whatever the plugin's ABI:
     * plugins older than ABI 1.2 read the size there; a newer one may
     * ignore it, but not refuse it as unknown.
     */
    int (*create)(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule *rule, gridbfs_error *err);
    /* Free what create() allocated (rule->inst may be NULL). */
    void (*destroy)(void *inst);

    /*
     * Write the goal states of the puzzle boards[0..rule->boards-1] (boards
     * of at most 64 cells) into out[0..max-1]; return how many there are.
     * boards[0] is the start (the record's first board); with rule->boards
     * 2, boards[1] is the target (its second board).  0 means no goal can
     * be reached (the puzzle is impossible).  With GRIDBFS_FIXED_GOAL,
     * boards is NULL and the answer must not depend on it.
     */
    uint32_t (*goals)(const void *inst, const gridbfs_board *boards,
                      uint64_t *out, uint32_t max);

    /*
     * For every move m, next[m] = the state reached from state by move m,
     * or state itself when m does not apply.  next has rule->moves entries.
     */
    void (*expand)(const void *inst, uint64_t state, uint64_t *next);

    /*
     * Write move m as text in style (GRIDBFS_MOVE_*) into buf (cap bytes,
     * NUL-terminated).  Returns the length, or -1 if it does not fit or
     * style is unknown (the core prints "?").  The text is printable
     * ASCII, not empty, with no space at either end, and in
     * GRIDBFS_MOVE_COMPACT none at all: where moves are printed, the core
     * checks every move's text after create() and refuses a rule that
     * breaks this.
     */
    int (*move_text)(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap);

    /* ---- ABI 1.1: optional, NULL (or beyond size) when not offered ---- */

    /*
     * An exact solver that needs no search, for boards of any size the
     * rule accepts (up to 32x32): one shortest move sequence for the puzzle
     * boards[0..rule->boards-1] (boards[0] the start, boards[1] the target
     * when there are 2, as for goals()), from the start to a goal, into
     * moves[0..cap-1] and its length into *len.  Returns GRIDBFS_SOLVED,
     * GRIDBFS_IMPOSSIBLE, GRIDBFS_TOO_LONG (the core calls again with room
     * for *len moves) or GRIDBFS_REFUSED (with a message in err; the core
     * then searches, if it can).  The
     * same input must give the same sequence, every time.  With cap 0
     * (moves NULL) the core wants the count alone: GRIDBFS_TOO_LONG with
     * *len set answers it.  Where the core asks for the moves, on boards
     * of at most 64 cells, it replays them with expand(): a sequence that
     * does not end on a state goals() gives makes the record invalid.
     * Called from several threads, like expand().
     */
    int (*solve)(const void *inst, const gridbfs_board *boards, uint16_t *moves,
                 size_t cap, size_t *len, gridbfs_error *err);

    /*
     * The judge's text for a solved puzzle, when it is not the core's
     * default (the number of moves, then one move_text() line per move
     * when the path is asked for): e.g. a press matrix.  Writes the lines,
     * printable ASCII each ending in '\n' (checked: else the record is
     * invalid), into buf (cap bytes, NUL-terminated); returns
     * the length, or -1 when it does not fit (the core retries with more,
     * up to 1 MiB; past that it writes its default text).
     */
    int (*judge_text)(const void *inst, const uint16_t *moves, size_t n,
                      int with_path, char *buf, size_t cap);

    /* ---- ABI 1.3: optional, NULL (or beyond size) when not offered ---- */

    /*
     * *out = *board after move (0..rule->moves-1), on a board of any size
     * the rule accepts (up to 32x32), or *board itself when the move does
     * not apply there; bits past rows * cols stay zero.  On boards of at
     * most 64 cells it must agree with expand(): out->w[0] is next[move].
     * The core replays a solution with it to draw each move (--show);
     * without it, moves are replayed with expand() on boards of at most 64
     * cells only, and --show says it cannot draw bigger ones.  Called from
     * several threads, like expand().
     */
    void (*apply)(const void *inst, const gridbfs_board *board, uint32_t move,
                  gridbfs_board *out);
} gridbfs_plugin;

/*
 * The size of the first version of the table: a plugin whose table is
 * smaller is refused.  A field past a plugin's own size is taken as NULL.
 */
#define GRIDBFS_PLUGIN_V1_0_SIZE                                               \
    (offsetof(gridbfs_plugin, move_text) + sizeof(void (*)(void)))

/* ======================================================================
 * ABI 2: any alphabet, any board, 32-bit moves.
 *
 * A plugin exports GRIDBFS_ENTRY2 instead of GRIDBFS_ENTRY, returning a
 * struct gridbfs_plugin2.  Everything above that is not a board, a rule
 * or a plugin table (parameters, errors, the solve() results, the move
 * text styles, gridbfs_cell_char()) is shared by both ABIs.  The core
 * loads plugins of either ABI; an ABI 1 plugin is adapted once, at load.
 *
 * This gridbfs takes ABI 2 rules of any alphabet on boards up to
 * GRIDBFS2_MAX_SIDE on a side,
 * in every mode: --census and --generate go from keys to boards and back
 * through key() and board() alone, and learn from GRIDBFS2_DENSE and
 * states which keys are states; past a key's 64 cells, --census of a
 * linear rule takes its goals from goal_board().
 * ====================================================================== */

#define GRIDBFS_ABI2_MINOR 2
#define GRIDBFS_ABI2 (2 * 0x10000u + GRIDBFS_ABI2_MINOR)
#define GRIDBFS_ENTRY2 gridbfs_plugin_abi2
#define GRIDBFS_ENTRY2_NAME "gridbfs_plugin_abi2"

/* The most rows, and the most columns, of an ABI 2 board; an ABI 1 board
   has GRIDBFS_MAX_SIDE at most. */
#define GRIDBFS2_MAX_SIDE 65535

/*
 * A board of rows x cols cells of `bits` bits each (1, 2, 4 or 8, so no
 * cell straddles a word).  Cell (r, c), 0-based, is cell k = r * cols + c,
 * bits [k * bits, k * bits + bits) of the bit string w[0..]: bit i of the
 * string is bit i % 64 of w[i / 64].  Its value is the index of its symbol
 * in the rule's alphabet.  Bits past rows * cols * bits are zero, up to
 * the end of the last word.  A board passed in is the caller's: read, never
 * written, except an out parameter, whose w has room for the rule's
 * boards and whose rows, cols and bits are set by the caller.
 */
typedef struct gridbfs_grid {
    uint32_t rows;
    uint32_t cols;
    uint32_t bits;
    uint64_t *w;
} gridbfs_grid;

/* A conversion that -Wconversion in C and -Wold-style-cast in C++ both
   take without a warning. */
#ifdef __cplusplus
#define GRIDBFS_AS(type, x) static_cast<type>(x)
#else
#define GRIDBFS_AS(type, x) ((type)(x))
#endif

/* How many uint64_t words a rows x cols board of bits-bit cells takes. */
static inline size_t gridbfs_grid_words(uint32_t rows, uint32_t cols,
                                        uint32_t bits)
{
    return (GRIDBFS_AS(size_t, rows) * cols * bits + 63) / 64;
}

/* The value of cell k of g. */
static inline unsigned gridbfs_grid_get(const gridbfs_grid *g, size_t k)
{
    size_t i = k * g->bits;
    return GRIDBFS_AS(unsigned, g->w[i / 64] >> (i % 64)) &
           ((1u << g->bits) - 1);
}

/* Set cell k of g to v (less than 2^bits). */
static inline void gridbfs_grid_set(gridbfs_grid *g, size_t k, unsigned v)
{
    size_t i = k * g->bits;
    uint64_t mask = (1u << g->bits) - 1, value = v;
    g->w[i / 64] = (g->w[i / 64] & ~(mask << (i % 64))) | value << (i % 64);
}

/* Flags an ABI 2 rule instance reports. */
enum {
    /* Every move m can be undone by the move inverse(m), from every state
       it applies to: the core may search from the goals too. */
    GRIDBFS2_REVERSIBLE = 1u << 0,
    /* goals() does not depend on the puzzle: the core may tabulate (with
       GRIDBFS2_REVERSIBLE, from the goals). */
    GRIDBFS2_FIXED_GOAL = 1u << 1,
    /* judge_text() reads the moves only when with_path is set: as in
       ABI 1. */
    GRIDBFS2_TEXT_BY_COUNT = 1u << 2,
    /* Every move adds a fixed vector to the board, cell by cell mod K (the
       alphabet's size), the same from every state: the core may count
       solvable boards by linear algebra (gridbfs --census: the vector is
       what apply() makes of the all-zero board; a rank over Z/K for K
       prime), and walk back from a goal by K - 1 presses of a move
       (gridbfs --generate). */
    GRIDBFS2_LINEAR = 1u << 3,
    /* Keys are dense: 0 .. states-1, each a state (distance tables are
       indexed by key). */
    GRIDBFS2_DENSE = 1u << 4,
    /* ABI 2.1: a state's key is its board's one word: the board's cells
       fit 64 bits (key_bits = rows * cols * bits), key(b) is b->w[0] and
       board(k) sets w[0] to k.  The core then reads and writes keys
       itself, without a call, and takes a two-symbol board's key as its
       cells (--census, --generate). */
    GRIDBFS2_KEY_IS_BOARD = 1u << 5
};

/*
 * Where judge_text() writes: write(ctx, s, n) takes the next n bytes of
 * the text, and returns 0, or -1 when the core wants no more (then stop
 * and return -1).
 */
typedef struct gridbfs_writer {
    void *ctx;
    int (*write)(void *ctx, const char *s, size_t n);
} gridbfs_writer;

/*
 * An ABI 2 rule instance, filled in by create().  The core zeroes the
 * struct and sets abi, size, rows and cols (the board size asked for)
 * before the call; the plugin sets every other field it uses.
 */
typedef struct gridbfs_rule2 {
    uint32_t abi;
    uint32_t size;
    void *inst;    /* the plugin's own, passed back to every operation */
    uint32_t rows; /* board size, set by the core and kept */
    uint32_t cols;
    const char *symbols; /* the alphabet: K = strlen(symbols) characters,
                            2 <= K <= 256, each one gridbfs_cell_char()
                            accepts, all different; symbol i is value i.
                            Owned by the plugin, valid until destroy() */
    uint32_t boards;     /* boards per puzzle record: 1 or 2 */
    uint32_t moves;      /* move ids are 0..moves-1 (0: no move here) */
    uint32_t flags;      /* GRIDBFS2_*, or'ed; unknown bits are ignored */
    uint32_t key_bits;   /* keys are below 2^key_bits (1..64); 0: a
                            state does not fit a key, and the core
                            searches nothing (the exact solver answers) */
    uint64_t states;     /* GRIDBFS2_DENSE: the number of keys */
} gridbfs_rule2;

/* The operations of an ABI 2 plugin, returned by GRIDBFS_ENTRY2(). */
typedef struct gridbfs_plugin2 {
    uint32_t abi;        /* GRIDBFS_ABI2 the plugin was built with */
    uint32_t size;       /* sizeof(gridbfs_plugin2) it was built with */
    const char *name;    /* [a-z0-9-]+, the file's name without ".so" */
    const char *summary; /* one line */
    const gridbfs_param_doc *params; /* terminated by a NULL key */

    /* As in ABI 1: validate the parameters ("size" always last) and fill
       in *rule; 0, or -1 with a message in err. */
    int (*create)(const gridbfs_param *params, size_t nparams,
                  gridbfs_rule2 *rule, gridbfs_error *err);
    void (*destroy)(void *inst);

    /* With key_bits set: the key of board (a state of the rule), and the
       board of a key (out's cells all set, bits past them zero). */
    uint64_t (*key)(const void *inst, const gridbfs_grid *board);
    void (*board)(const void *inst, uint64_t key, gridbfs_grid *out);

    /* With key_bits set: the goal keys of the puzzle boards[0..boards-1]
       (boards[0] the start, boards[1] the target when there are two), as
       ABI 1's goals(); boards is NULL with GRIDBFS2_FIXED_GOAL. */
    uint32_t (*goals)(const void *inst, const gridbfs_grid *boards,
                      uint64_t *out, uint32_t max);

    /* Whether board is a goal of the puzzle boards[0..boards-1]: 1 or 0,
       on boards of any size the rule takes. */
    int (*is_goal)(const void *inst, const gridbfs_grid *boards,
                   const gridbfs_grid *board);

    /* With key_bits set: the moves that apply to the state key, and the
       keys they reach, into moves[0..n-1] and next[0..n-1] (each with
       room for rule->moves); returns n.  A move reported reaches another
       state. */
    uint32_t (*expand)(const void *inst, uint64_t key, uint32_t *moves,
                       uint64_t *next);

    /* *out = *board after move; returns 1, or 0 when the move does not
       apply there (and out is not written).  out may be board. */
    int (*apply)(const void *inst, const gridbfs_grid *board, uint32_t move,
                 gridbfs_grid *out);

    /* As in ABI 1. */
    int (*move_text)(const void *inst, uint32_t move, int style, char *buf,
                     size_t cap);

    /* With GRIDBFS2_REVERSIBLE: the move that undoes move. */
    uint32_t (*inverse)(const void *inst, uint32_t move);

    /* ---- optional: NULL when not offered ---- */

    /* An exact solver, as ABI 1's solve(), with 32-bit moves. */
    int (*solve)(const void *inst, const gridbfs_grid *boards, uint32_t *moves,
                 size_t cap, size_t *len, gridbfs_error *err);

    /* The judge's text for a solved puzzle, as ABI 1's judge_text(), but
       written through out as it is made, with no cap on its length:
       0, or -1 when a write() returned -1. */
    int (*judge_text)(const void *inst, const uint32_t *moves, size_t n,
                      int with_path, const gridbfs_writer *out);

    /* ---- ABI 2.1: optional, NULL (or beyond size) when not offered ---- */

    /*
     * Whether the puzzle boards[0..boards-1], as a record gave it, is one
     * of the rule's: 0, or -1 with one lowercase line in err (err->param
     * is not read) for boards that are no state, which every cell's
     * being a symbol does not rule out: a sliding-tile board with a tile
     * twice, say.  The core asks before any other operation sees the
     * boards; refused, the record is invalid with that line as its
     * message.  Called from several threads, like expand().
     */
    int (*validate)(const void *inst, const gridbfs_grid *boards,
                    gridbfs_error *err);

    /* ---- ABI 2.2: optional, NULL (or beyond size) when not offered ---- */

    /*
     * With GRIDBFS2_FIXED_GOAL, on boards of any size the rule takes:
     * goal board i (0, 1, ...) of the fixed goal set into out (every cell
     * set, bits past them zero); 1, or 0 past the last.  --census asks
     * for it where a state has no key (key_bits 0), to count the goals'
     * cosets of a linear rule's span; each board must pass is_goal().
     */
    int (*goal_board)(const void *inst, uint32_t i, gridbfs_grid *out);
} gridbfs_plugin2;

/* Mark the entry point exported even under -fvisibility=hidden. */
#if defined(__GNUC__)
#define GRIDBFS_EXPORT __attribute__((visibility("default")))
#else
#define GRIDBFS_EXPORT
#endif

/* Every plugin defines exactly one of these functions. */
GRIDBFS_EXPORT const gridbfs_plugin *GRIDBFS_ENTRY(void);
GRIDBFS_EXPORT const gridbfs_plugin2 *GRIDBFS_ENTRY2(void);

#ifdef __cplusplus
}
#endif

#endif /* GRIDBFS_PLUGIN_H */
