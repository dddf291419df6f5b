/*
 * floor.c - the fastest sensible single-purpose POJ 1753 solver, the floor
 * gridbfs is measured against (benchmark cases a and b).
 *
 *   floor [FILE]    4x4 b/w boards in grid syntax -> one judge answer a line
 *
 * At start, one BFS from the two goals (all 0, all 1) over the 16
 * plus-shaped presses labels all 65,536 boards.  Then every board is packed
 * into 16 bits as its cells go by (b = 1, w = 0; every other byte is
 * framing) and answered by a table lookup.  Input and output go through
 * large buffers with read(2) and write(2).
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../ref/refutil.h"

#define BUF (1 << 20)
#define UNREACHED 0xFF

static uint8_t dist[1 << 16];
static uint16_t queue[1 << 16];
static char in[BUF], out[BUF + 64];
static size_t nout;

static void flush(void)
{
    write_all(out, nout, "floor: write");
    nout = 0;
}

int main(int argc, char **argv)
{
    uint16_t press[16];
    char answer[256][16];
    size_t alen[256];

    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            uint16_t m = (uint16_t)(1u << (r * 4 + c));
            if (r > 0)
                m |= (uint16_t)(1u << ((r - 1) * 4 + c));
            if (r < 3)
                m |= (uint16_t)(1u << ((r + 1) * 4 + c));
            if (c > 0)
                m |= (uint16_t)(1u << (r * 4 + c - 1));
            if (c < 3)
                m |= (uint16_t)(1u << (r * 4 + c + 1));
            press[r * 4 + c] = m;
        }
    memset(dist, UNREACHED, sizeof dist);
    size_t head = 0, tail = 0;
    dist[0x0000] = dist[0xFFFF] = 0;
    queue[tail++] = 0x0000;
    queue[tail++] = 0xFFFF;
    while (head < tail) {
        uint16_t s = queue[head++];
        for (int i = 0; i < 16; i++) {
            uint16_t t = s ^ press[i];
            if (dist[t] == UNREACHED) {
                dist[t] = (uint8_t)(dist[s] + 1);
                queue[tail++] = t;
            }
        }
    }
    for (int d = 0; d < 256; d++) {
        if (d == UNREACHED)
            strcpy(answer[d], "Impossible\n");
        else
            snprintf(answer[d], sizeof answer[d], "%d\n", d);
        alen[d] = strlen(answer[d]);
    }

    int fd = 0;
    if (argc > 1 && (fd = open(argv[1], O_RDONLY)) < 0) {
        perror(argv[1]);
        return 2;
    }
    unsigned bits = 0, ncells = 0;
    ssize_t n;
    while ((n = read(fd, in, BUF)) > 0) {
        for (ssize_t i = 0; i < n; i++) {
            char ch = in[i];
            if (ch != 'b' && ch != 'w')
                continue;
            bits |= (unsigned)(ch == 'b') << ncells;
            if (++ncells == 16) {
                uint8_t d = dist[bits];
                memcpy(out + nout, answer[d], alen[d]);
                nout += alen[d];
                if (nout >= BUF)
                    flush();
                bits = ncells = 0;
            }
        }
    }
    if (n < 0) {
        perror("floor: read");
        return 2;
    }
    flush();
    return 0;
}
