//! Who sits with whom: the search both formats share. Players come ranked
//! (best first); tables of given sizes are filled so that players who
//! met already sit apart where the count allows (the first cost), and
//! otherwise neighbours in the ranking sit together (the second: leaders
//! together). Pure; a branch and bound over the tables, started from the
//! greedy seating and stopped after a budget of steps, so a large field
//! still gets the greedy seating or better at once.

/// Steps of the search before it keeps the best seating found.
const BUDGET: u32 = 200_000;

/// The sizes of the tables for `n` players at tables of `size`: as few
/// tables as the size allows, sizes differing by one at most, the larger
/// first, and whether one player is left over (the bye: two-player tables
/// with an odd count, or a lone player).
pub(crate) fn table_sizes(n: usize, size: usize) -> (Vec<usize>, bool) {
    let size = size.max(2);
    if n == 0 {
        return (Vec::new(), false);
    }
    let tables = n.div_ceil(size);
    let (base, extra) = (n / tables, n % tables);
    let sizes: Vec<usize> = (0..tables).map(|t| base + usize::from(t < extra)).collect();
    let bye = sizes.last() == Some(&1);
    (sizes.into_iter().filter(|&s| s > 1).collect(), bye)
}

/// Seats ranked players `0..n` at tables of `sizes` (summing to `n`),
/// where `met(a, b)` counts the earlier meetings of players `a` and `b`.
/// Each table lists its players in rank order; tables in the order of
/// their best player.
pub(crate) fn seat(sizes: &[usize], met: &dyn Fn(usize, usize) -> u32) -> Vec<Vec<usize>> {
    let n: usize = sizes.iter().sum();
    let mut search = Search {
        sizes,
        met,
        weight: (n * n * 4 + 1) as u64,
        used: vec![false; n],
        tables: sizes.iter().map(|_| Vec::new()).collect(),
        steps: 0,
        best: Vec::new(),
        best_cost: u64::MAX,
    };
    let greedy = greedy(sizes, met);
    search.best_cost = cost(&greedy, met, search.weight);
    search.best = greedy;
    search.walk(0, 0);
    let mut best = search.best;
    best.sort_by_key(|t| t.first().copied().unwrap_or(usize::MAX));
    best
}

/// The repeat meetings of a seating (pairs of players at one table, times
/// they met before).
pub(crate) fn repeats(tables: &[Vec<usize>], met: &dyn Fn(usize, usize) -> u32) -> u32 {
    tables.iter().map(|t| pairs(t).map(|(a, b)| met(a, b)).sum::<u32>()).sum()
}

/// How far from rank order a seating is: each player's distance in rank
/// below the best player of her table.
pub(crate) fn spread(tables: &[Vec<usize>]) -> u64 {
    tables
        .iter()
        .map(|t| {
            let top = t.iter().copied().min().unwrap_or(0);
            t.iter().map(|&p| (p - top) as u64).sum::<u64>()
        })
        .sum()
}

fn pairs(t: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    t.iter().enumerate().flat_map(move |(i, &a)| t[i + 1..].iter().map(move |&b| (a, b)))
}

fn cost(tables: &[Vec<usize>], met: &dyn Fn(usize, usize) -> u32, weight: u64) -> u64 {
    u64::from(repeats(tables, met)) * weight + spread(tables)
}

/// Table by table: the best player left opens it, then whoever adds the
/// fewest repeats, the best ranked first.
fn greedy(sizes: &[usize], met: &dyn Fn(usize, usize) -> u32) -> Vec<Vec<usize>> {
    let n: usize = sizes.iter().sum();
    let mut used = vec![false; n];
    let mut tables = Vec::new();
    for &size in sizes {
        let mut table: Vec<usize> = Vec::new();
        while table.len() < size {
            let pick = (0..n)
                .filter(|&p| !used[p])
                .min_by_key(|&p| (table.iter().map(|&m| met(m, p)).sum::<u32>(), p))
                .expect("the sizes sum to the players");
            used[pick] = true;
            table.push(pick);
        }
        table.sort_unstable();
        tables.push(table);
    }
    tables
}

struct Search<'a> {
    sizes: &'a [usize],
    met: &'a dyn Fn(usize, usize) -> u32,
    weight: u64,
    used: Vec<bool>,
    tables: Vec<Vec<usize>>,
    steps: u32,
    best: Vec<Vec<usize>>,
    best_cost: u64,
}

impl Search<'_> {
    /// The least the rest can add to the spread: each seat still empty
    /// sits at least one rank further down than the one before it.
    fn spread_left(&self, table: usize) -> u64 {
        let mut left = 0u64;
        for (t, &size) in self.sizes.iter().enumerate().skip(table) {
            let have = self.tables[t].len().max(1);
            left += (have..size).map(|j| j as u64).sum::<u64>();
        }
        left
    }

    /// Fills table `table` (each next player ranked below the last one
    /// seated there), then the next; `so_far` is the cost of the seats taken.
    fn walk(&mut self, table: usize, so_far: u64) {
        if self.steps >= BUDGET {
            return;
        }
        self.steps += 1;
        if table == self.sizes.len() {
            if so_far < self.best_cost {
                self.best_cost = so_far;
                self.best = self.tables.clone();
            }
            return;
        }
        if so_far + self.spread_left(table) >= self.best_cost {
            return;
        }
        if self.tables[table].len() == self.sizes[table] {
            return self.walk(table + 1, so_far);
        }
        for (p, added) in self.candidates(table) {
            self.used[p] = true;
            self.tables[table].push(p);
            self.walk(table, so_far + added);
            self.tables[table].pop();
            self.used[p] = false;
        }
    }

    /// The players who may take the next seat of `table`, with what each
    /// adds to the cost, the cheapest first. A table's first player is
    /// ranked below the first of an earlier table of the same size (the
    /// same seating is not searched twice).
    fn candidates(&self, table: usize) -> Vec<(usize, u64)> {
        let seated = &self.tables[table];
        let n = self.used.len();
        let from = match seated.last() {
            Some(&last) => last + 1,
            None if table > 0 && self.sizes[table - 1] == self.sizes[table] => {
                self.tables[table - 1].first().map_or(0, |&f| f + 1)
            }
            None => 0,
        };
        let mut out: Vec<(usize, u64)> = (from..n)
            .filter(|&p| !self.used[p])
            .map(|p| {
                let rep: u32 = seated.iter().map(|&m| (self.met)(m, p)).sum();
                let gap = seated.first().map_or(0, |&top| (p - top) as u64);
                (p, u64::from(rep) * self.weight + gap)
            })
            .collect();
        if seated.is_empty() {
            // The players left below this table's first one must all sit
            // at later tables of another size (a later table of this size
            // opens with a player ranked below this one).
            let other: usize = self.sizes[table + 1..].iter().filter(|&&s| s != self.sizes[table]).sum();
            out.retain(|&(p, _)| (0..p).filter(|&q| !self.used[q]).count() <= other);
        }
        out.sort_by_key(|&(p, c)| (c, p));
        out
    }
}
