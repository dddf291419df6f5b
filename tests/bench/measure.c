/*
 * measure.c - run a command, then write its wall time and peak memory.
 *
 *   measure STATS CMD [ARG...]
 *
 * Runs CMD with this process's standard input, output and error, waits for
 * it with wait4(2), and writes one line to the file STATS:
 *   WALL_SECONDS MAX_RSS_KIB EXIT_STATUS CPU_SECONDS
 * (wall time from CLOCK_MONOTONIC around fork and wait; the exit status is
 * 128 + N after signal N, 127 when CMD could not be run; CPU time is user
 * plus system, all threads).  Exits as CMD did.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    struct timespec t0, t1;
    struct rusage ru;
    int st, code;

    if (argc < 3) {
        fputs("usage: measure STATS CMD [ARG...]\n", stderr);
        return 2;
    }
    FILE *stats = fopen(argv[1], "w");
    if (!stats) {
        perror(argv[1]);
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        perror("measure: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    if (wait4(pid, &st, 0, &ru) < 0) {
        perror("measure: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    fprintf(stats, "%.6f %ld %d %.6f\n",
            (double)(t1.tv_sec - t0.tv_sec) +
                (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
            ru.ru_maxrss, code,
            (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6);
    return fclose(stats) ? 2 : code;
}
