# krank.awk - independent reference for the rank of K-colour Lights Out's
# presses over Z/K, K prime: one row a press (the stencil's digits, mod K,
# centred on its cell, what falls off the board lost), reduced to echelon
# form by plain Gaussian elimination.  Shares no code with gridbfs, whose
# census keeps a basis indexed by pivot cell and reduces move by move.
#
# Usage: awk -v k=K -v r=ROWS -v c=COLS -v st=abc/def/ghi -f krank.awk
# writes `rank R nullity N` (N = presses - R).  Cubic in R*C: keep to a
# few hundred cells.
BEGIN {
    n = r * c
    for (m = 0; m < n; m++)
        for (j = 0; j < n; j++) {
            dr = int(j / c) - int(m / c)
            dc = j % c - m % c
            a[m, j] = (dr < -1 || dr > 1 || dc < -1 || dc > 1) ? 0 : substr(st, 4 * (dr + 1) + dc + 2, 1) % k
        }
    for (x = 1; x < k; x++)
        for (y = 1; y < k; y++)
            if (x * y % k == 1)
                inv[x] = y
    rank = 0
    for (col = 0; col < n && rank < n; col++) {
        p = -1
        for (i = rank; i < n; i++)
            if (a[i, col]) { p = i; break }
        if (p < 0)
            continue
        for (j = 0; j < n; j++) { t = a[p, j]; a[p, j] = a[rank, j]; a[rank, j] = t }
        f = inv[a[rank, col]]
        for (j = col; j < n; j++)
            a[rank, j] = a[rank, j] * f % k
        for (i = 0; i < n; i++) {
            if (i == rank || !a[i, col])
                continue
            f = a[i, col]
            for (j = col; j < n; j++)
                a[i, j] = ((a[i, j] - f * a[rank, j]) % k + k) % k
        }
        rank++
    }
    print "rank " rank " nullity " (n - rank)
}
