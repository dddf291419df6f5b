# kcensus.awk - independent reference for the census of Lights Out of K
# colours (lights2, lightskey): every press vector is tried, so it shares
# no code and no method with gridbfs's table or rank.  A press on a cell
# adds the stencil's digits, mod K, to the cells under it (its centre on
# the cell, what falls off the board lost); presses commute and K of one
# add nothing, so every answer is a vector of press counts 0..K-1, and the
# board it solves is minus their sum.  A board's distance is the least
# cost of a vector that solves it: its presses, or with undo=1 (a press
# may be taken back, one move each) min(n, K - n) for n presses of a cell.
#
# Usage: awk -v k=K -v r=ROWS -v c=COLS -v st=abc/def/ghi [-v undo=1]
#            -f kcensus.awk
# writes the census as gridbfs --census -f csv does: `distance,states`,
# one row a distance from 0 up, then `impossible,N`.  With -v board=DIGITS
# (the cells, row by row, no separator) it writes that board's distance
# instead, or `impossible`; with -v boards=FILE, the distance of each
# board of FILE, one a line.  K^(R*C) vectors: keep to small boards.
BEGIN {
    n = r * c
    for (m = 0; m < n; m++)
        for (j = 0; j < n; j++) {
            dr = int(j / c) - int(m / c)
            dc = j % c - m % c
            v[m, j] = (dr < -1 || dr > 1 || dc < -1 || dc > 1) ? 0 : substr(st, 4 * (dr + 1) + dc + 2, 1) % k
        }
    for (i = 0; i < n; i++)
        p[i] = b[i] = 0
    cost = 0
    for (;;) {
        key = ""
        for (j = 0; j < n; j++)
            key = key b[j]
        if (!(key in d) || cost < d[key])
            d[key] = cost
        # the next vector, as an odometer: the board loses one press of
        # cell i's stencil; K presses of it make the board it had
        for (i = 0; i < n; i++) {
            old = p[i]
            p[i] = (p[i] + 1) % k
            for (j = 0; j < n; j++)
                b[j] = (b[j] + k - v[i, j]) % k
            cost += f(p[i]) - f(old)
            if (p[i])
                break
        }
        if (i == n)
            break
    }
    if (board != "") {
        print (board in d) ? d[board] : "impossible"
        exit
    }
    if (boards != "") {
        while ((getline line <boards) > 0)
            print (line in d) ? d[line] : "impossible"
        exit
    }
    for (key in d) {
        h[d[key]]++
        if (d[key] > max)
            max = d[key]
        count++
    }
    print "distance,states"
    for (x = 0; x <= max; x++)
        print x "," h[x] + 0
    print "impossible," k ^ n - count
}

function f(x)
{
    return undo && k - x < x ? k - x : x
}
