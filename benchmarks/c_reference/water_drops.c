/* water_drops.c: water drops, in plain C.
 *
 * The rules are docs/rules.md WD-1..WD-5: by default the standard switches (cards laid as
 * dealt, orchards of any size, "fruit" scoring with the standard points: a group that
 * touches a drop equal to its size scores its size), and the other switches as options:
 * --rotation (allow_rotation: a card may be turned by quarter turns, clockwise),
 * --max-size ROWS COLS (the orchard fits in that box), --per-drop (scoring "per_drop": a
 * scoring group earns its points once for every distinct matching drop cell touching it),
 * --points P1,...,P9 (group_points: a scoring group of n fruits earns Pn in place of n;
 * "drop" scoring always gives the same totals as "fruit", so it needs no option of its
 * own). Players (--players N, default 2) each start from a start card; the market holds one
 * card a player (4 with 2 players); each player takes a card in turn and lays it at once on
 * a free card square beside the orchard; an empty market is refilled and the next player
 * starts the round.
 *
 * The cards come first on the input: "deck 50" and the deck's cards, "starts 5" and the
 * start cards, each written as in the deck file ("BC/3M"). A deal is each player's start
 * card (an index into the start cards), then the 50 deck cards in drawing order (indexes
 * into the deck). Moves are listed as Game.legal_moves() lists them: the distinct market
 * cards in market order, each on every open square in (row, col) order, each turn (with
 * --rotation: 0, 90, 180 and 270 degrees). See reference.h for the modes.
 *
 * A card square (row, col) covers cells 2 row .. 2 row + 1, 2 col .. 2 col + 1 of a grid
 * of cells. Every fruit cell carries the label of its group; a group knows its size, its
 * touching drop values (bit v for value v) and its points, and the board keeps the total.
 * A move's gain looks only at the card's cells and the 8 cells around it.
 */
#include "reference.h"

#define DECK 50
#define STARTS 5
#define SIDE 105                    /* card squares a side: 51 cards in a line either way */
#define WIDTH (2 * SIDE)            /* cells a side */
#define ORIGIN (SIDE / 2 * SIDE + SIDE / 2) /* the square of the start card */
#define MOST_CELLS (4 * (DECK + 1)) /* fruit cells an orchard can hold */
#define MOST_GROUPS (MOST_CELLS + 4)
#define MOST_MARKET 5               /* market cards: one a player, 4 with 2 players */

typedef struct {
    signed char cell[4]; /* row by row: -1..-4 a fruit (B, C, P, M), 1..9 a drop */
    int kind;            /* the index of the first card of the deck equal to this one */
} Card;

typedef struct {
    signed char cell[WIDTH * WIDTH]; /* 0 empty, else as in Card */
    short label[WIDTH * WIDTH];      /* the group of a fruit cell */
    unsigned seen[WIDTH * WIDTH];    /* per_drop: cells a count of matching drops has met */
    unsigned stamp;                  /* and the mark of the latest count */
    unsigned char occupied[SIDE * SIDE];
    int size[MOST_GROUPS], drops[MOST_GROUPS], points[MOST_GROUPS];
    int groups;
    int placed[DECK + 1], cards; /* the squares holding a card, to clear them */
    int top, bottom, left, right; /* the squares' box */
    int total;
} Board;

typedef struct {
    int starts[MAX_PLAYERS];
    int order[DECK];
} Deal;

static const char FRUITS[] = "BCPM"; /* banana, cherry, pear, mango: cells -1 to -4 */
static Card deck[DECK], start_cards[STARTS];
static Card turned[DECK][4]; /* each deck card turned 0, 90, 180, 270 degrees clockwise */
static Board boards[MAX_PLAYERS];
static int players = 2;
static int turns = 1;              /* 4 with --rotation */
static int max_rows, max_cols;     /* --max-size; 0: any size */
static int per_drop;               /* --per-drop */
static int table[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}; /* --points: a group of n earns table[n] */

/* The card's pairs of side by side cells, and for each cell the two cells outside the card
 * beside it (offsets from the card's top-left cell). */
static const int INSIDE[4][2] = {{0, 1}, {0, 2}, {1, 3}, {2, 3}};
static const int CELL[4] = {0, 1, WIDTH, WIDTH + 1};
static const int OUTSIDE[4][2] = {
    {-WIDTH, -1}, {-WIDTH + 1, 2}, {WIDTH - 1, 2 * WIDTH}, {WIDTH + 2, 2 * WIDTH + 1}};

/* WD-4, "fruit" scoring: a group earns table[size] when a drop it touches shows its size
 * (per_drop multiplies that by the matching drops, see matching). */
static int points_of(int size, int drops) {
    return size <= 9 && (drops >> size & 1) ? table[size] : 0;
}

static int top_left_cell(int square) { return 2 * (square / SIDE) * WIDTH + 2 * (square % SIDE); }

static int root(const int *parent, int x) {
    while (parent[x] != x) x = parent[x];
    return x;
}

static const int NEAR[4] = {-WIDTH, -1, 1, WIDTH};

/* per_drop: the distinct drop cells of value `size` touching the group of fruit cell
 * `start`, by a flood fill over its fruit (called for scoring groups only: at most 9
 * cells). */
static int matching(Board *b, int start, int size) {
    int stack[MOST_CELLS], top = 0, count = 0, fruit = b->cell[start];
    unsigned stamp = ++b->stamp;
    b->seen[start] = stamp;
    stack[top++] = start;
    while (top) {
        int at = stack[--top];
        for (int k = 0; k < 4; k++) {
            int near = at + NEAR[k], v = b->cell[near];
            if (b->seen[near] == stamp) continue;
            if (v == fruit) {
                b->seen[near] = stamp;
                stack[top++] = near;
            } else if (v == size) {
                b->seen[near] = stamp;
                count++;
            }
        }
    }
    return count;
}

/* per_drop: `matching` for card cell `p` with the card laid for a moment at `base`. */
static int laid_matching(Board *b, const Card *card, int base, int p, int size) {
    for (int q = 0; q < 4; q++) b->cell[base + CELL[q]] = card->cell[q];
    int count = matching(b, base + CELL[p], size);
    for (int q = 0; q < 4; q++) b->cell[base + CELL[q]] = 0;
    return count;
}

/* An old group next to the card: its label, the drop values of the card beside it, the
 * card cells holding those drops (bit p for cell p), and one card cell of the card's fruit
 * joining it (-1 if none). */
typedef struct {
    int label, wet, wet_cells, part;
} Touch;

static int touch_of(Touch *touch, int *touched, int label) {
    for (int t = 0; t < *touched; t++)
        if (touch[t].label == label) return t;
    touch[*touched] = (Touch){label, 0, 0, -1};
    return (*touched)++;
}

/* How much the total would change with `card` laid with its top-left cell at `base` (the
 * board is as it was afterwards). */
static int gain(Board *b, const Card *card, int base) {
    const signed char *c = card->cell;
    int parent[4] = {0, 1, 2, 3}, drops[4] = {0}, size[4] = {0}, mask[4] = {0};
    Touch touch[8];
    int touched = 0, delta = 0;
    for (int i = 0; i < 4; i++) { /* the card's own cells: fruit joins, drops wet */
        int p = INSIDE[i][0], q = INSIDE[i][1];
        if (c[p] < 0 && c[q] == c[p])
            parent[root(parent, p)] = root(parent, q);
        else if (c[p] < 0 && c[q] > 0)
            drops[p] |= 1 << c[q];
        else if (c[q] < 0 && c[p] > 0)
            drops[q] |= 1 << c[p];
    }
    for (int p = 0; p < 4; p++) /* the 8 cells around it */
        for (int k = 0; k < 2; k++) {
            int at = base + OUTSIDE[p][k], v = b->cell[at];
            if (c[p] < 0 && v > 0) {
                drops[p] |= 1 << v;
            } else if (c[p] < 0 && v == c[p]) {
                Touch *t = &touch[touch_of(touch, &touched, b->label[at])];
                if (t->part < 0)
                    t->part = p;
                else
                    parent[root(parent, t->part)] = root(parent, p);
            } else if (c[p] > 0 && v < 0) {
                Touch *t = &touch[touch_of(touch, &touched, b->label[at])];
                t->wet |= 1 << c[p];
                t->wet_cells |= 1 << p;
            }
        }
    for (int p = 0; p < 4; p++)
        if (c[p] < 0) {
            size[root(parent, p)]++;
            mask[root(parent, p)] |= drops[p];
        }
    for (int t = 0; t < touched; t++) {
        int label = touch[t].label;
        if (touch[t].part >= 0) { /* joins a group of the card */
            int r = root(parent, touch[t].part);
            size[r] += b->size[label];
            mask[r] |= b->drops[label] | touch[t].wet;
            delta -= b->points[label];
        } else if (per_drop) { /* only wetted: each new drop of its size scores once more */
            for (int p = 0; p < 4; p++)
                if (touch[t].wet_cells >> p & 1 && c[p] == b->size[label])
                    delta += table[c[p]];
        } else { /* only wetted by the card's drops */
            delta += points_of(b->size[label], b->drops[label] | touch[t].wet) - b->points[label];
        }
    }
    for (int p = 0; p < 4; p++)
        if (c[p] < 0 && root(parent, p) == p) {
            int points = points_of(size[p], mask[p]);
            if (points && per_drop) points *= laid_matching(b, card, base, p, size[p]);
            delta += points;
        }
    return delta;
}

/* Give the whole group of fruit cell `start` a new label, its size, drops and points. */
static void regroup(Board *b, int start) {
    int stack[MOST_CELLS], top = 0, label = b->groups++, fruit = b->cell[start];
    int size = 0, drops = 0;
    b->label[start] = (short)label;
    stack[top++] = start;
    while (top) {
        int at = stack[--top];
        size++;
        for (int k = 0; k < 4; k++) {
            int near = at + NEAR[k], v = b->cell[near];
            if (v > 0) {
                drops |= 1 << v;
            } else if (v == fruit && b->label[near] != label) {
                b->label[near] = (short)label;
                stack[top++] = near;
            }
        }
    }
    b->size[label] = size;
    b->drops[label] = drops;
    b->points[label] = points_of(size, drops);
    if (b->points[label] && per_drop) b->points[label] *= matching(b, start, size);
}

static void place(Board *b, const Card *card, int square) {
    int base = top_left_cell(square);
    const signed char *c = card->cell;
    b->total += gain(b, card, base);
    for (int p = 0; p < 4; p++) {
        b->cell[base + CELL[p]] = c[p];
        b->label[base + CELL[p]] = -1;
    }
    for (int p = 0; p < 4; p++)
        if (c[p] < 0 && b->label[base + CELL[p]] == -1) regroup(b, base + CELL[p]);
    for (int p = 0; p < 4; p++) /* old groups beside the card's drops */
        for (int k = 0; k < 2 && c[p] > 0; k++) {
            int at = base + OUTSIDE[p][k];
            if (b->cell[at] < 0) {
                int label = b->label[at], size = b->size[label];
                b->drops[label] |= 1 << c[p];
                b->points[label] = points_of(size, b->drops[label]);
                if (b->points[label] && per_drop) b->points[label] *= matching(b, at, size);
            }
        }
    int row = square / SIDE, col = square % SIDE;
    if (!b->cards) b->top = b->bottom = row, b->left = b->right = col;
    if (row < b->top) b->top = row;
    if (row > b->bottom) b->bottom = row;
    if (col < b->left) b->left = col;
    if (col > b->right) b->right = col;
    b->occupied[square] = 1;
    b->placed[b->cards++] = square;
}

static void clear(Board *b) {
    for (int i = 0; i < b->cards; i++) {
        int base = top_left_cell(b->placed[i]);
        for (int p = 0; p < 4; p++) b->cell[base + CELL[p]] = 0;
        b->occupied[b->placed[i]] = 0;
    }
    b->cards = b->groups = b->total = 0;
}

/* The rows (or columns) the box lo..hi would span with x in it. */
static int span(int lo, int hi, int x) { return (x > hi ? x : hi) - (x < lo ? x : lo) + 1; }

/* The free squares beside a card (WD-3) that keep the orchard within --max-size, in (row,
 * col) order; returns how many. */
static int open_squares(const Board *b, int *squares) {
    int n = 0;
    for (int row = b->top - 1; row <= b->bottom + 1; row++) {
        if (max_rows && span(b->top, b->bottom, row) > max_rows) continue;
        for (int col = b->left - 1; col <= b->right + 1; col++) {
            if (max_cols && span(b->left, b->right, col) > max_cols) continue;
            int q = row * SIDE + col;
            if (!b->occupied[q] && (b->occupied[q - SIDE] || b->occupied[q + SIDE] ||
                                    b->occupied[q - 1] || b->occupied[q + 1]))
                squares[n++] = q;
        }
    }
    return n;
}

/* Play one deal to the end (WD-2); scores[p] is player p's final total. */
static void play(const void *deal_, Chooser *chooser, int *scores) {
    const Deal *deal = deal_;
    int size = players == 2 ? 4 : players, market[MOST_MARKET], in_market = 0, drawn = 0;
    int first = 0, taken = 0, squares[4 * (DECK + 1)];
    for (int p = 0; p < players; p++) {
        clear(&boards[p]);
        place(&boards[p], &start_cards[deal->starts[p]], ORIGIN);
    }
    for (;;) {
        if (!in_market) { /* refill the market; the next player starts the round */
            if (drawn) first = (first + 1) % players;
            in_market = DECK - drawn < size ? DECK - drawn : size;
            for (int i = 0; i < in_market; i++) market[i] = deal->order[drawn + i];
            drawn += in_market;
            taken = 0;
            if (!in_market) break;
        }
        Board *b = &boards[(first + taken) % players];
        int n = open_squares(b, squares), distinct[MOST_MARKET], kinds = 0;
        for (int i = 0; i < in_market; i++) {
            int seen = 0;
            for (int j = 0; j < i; j++) seen |= deck[market[j]].kind == deck[market[i]].kind;
            if (!seen) distinct[kinds++] = i;
        }
        int pick = -1, square = -1, turn = 0;
        if (chooser->policy == GREEDY) {
            int best = 0;
            for (int d = 0; d < kinds; d++)
                for (int s = 0; s < n; s++)
                    for (int t = 0; t < turns; t++) {
                        const Card *card = &turned[market[distinct[d]]][t];
                        int g = gain(b, card, top_left_cell(squares[s]));
                        if (pick < 0 || g > best)
                            best = g, pick = distinct[d], square = squares[s], turn = t;
                    }
        } else {
            int k = choose_index(chooser, kinds * n * turns);
            if (k < 0) return;
            pick = distinct[k / (n * turns)];
            square = squares[k % (n * turns) / turns];
            turn = k % turns;
        }
        place(b, &turned[market[pick]][turn], square);
        for (int i = pick; i < in_market - 1; i++) market[i] = market[i + 1];
        in_market--;
        taken++;
    }
    for (int p = 0; p < players; p++) scores[p] = boards[p].total;
}

static void read_deal(void *deal_) {
    Deal *deal = deal_;
    for (int p = 0; p < players; p++) {
        deal->starts[p] = read_int();
        if (deal->starts[p] < 0 || deal->starts[p] >= STARTS) fail("a start card out of range");
    }
    for (int i = 0; i < DECK; i++) {
        deal->order[i] = read_int();
        if (deal->order[i] < 0 || deal->order[i] >= DECK) fail("a deck card out of range");
    }
}

static void random_deal(void *deal_, Rng *rng) {
    Deal *deal = deal_;
    int order[STARTS > DECK ? STARTS : DECK];
    for (int i = 0; i < STARTS; i++) order[i] = i;
    shuffle_prefix(order, STARTS, players, rng);
    memcpy(deal->starts, order, sizeof(int) * players);
    for (int i = 0; i < DECK; i++) order[i] = i;
    shuffle_prefix(order, DECK, DECK, rng);
    memcpy(deal->order, order, sizeof deal->order);
}

/* `count` cards written like "BC/3M" after the section name `section`. */
static void read_cards(const char *section, Card *cards, int count) {
    expect(section);
    if (read_int() != count) fail("a section of cards of the wrong size");
    for (int i = 0; i < count; i++) {
        char text[8];
        read_word(text, sizeof text);
        if (strlen(text) != 5 || text[2] != '/') fail("a card is written like BC/3M");
        const char codes[4] = {text[0], text[1], text[3], text[4]};
        for (int p = 0; p < 4; p++) {
            const char *fruit = codes[p] ? strchr(FRUITS, codes[p]) : NULL;
            if (fruit)
                cards[i].cell[p] = (signed char)(-1 - (fruit - FRUITS));
            else if (codes[p] >= '1' && codes[p] <= '9')
                cards[i].cell[p] = (signed char)(codes[p] - '0');
            else
                fail("a cell is B, C, P, M or a drop 1 to 9");
        }
        cards[i].kind = i;
        for (int j = 0; j < i; j++)
            if (!memcmp(cards[j].cell, cards[i].cell, 4)) {
                cards[i].kind = j;
                break;
            }
    }
}

/* --points P1,...,P9: what a scoring group of 1 to 9 fruits earns. */
static void read_points(const char *text) {
    for (int n = 1; n <= 9; n++) {
        char *end;
        long value = strtol(text, &end, 10);
        if (end == text || value < 0 || value > 999 || *end != (n < 9 ? ',' : '\0'))
            fail("--points takes 9 whole numbers from 0 to 999, with commas between them");
        table[n] = (int)value;
        text = end + 1;
    }
}

int main(int argc, char **argv) {
    while (argc > 1 && !strncmp(argv[1], "--", 2)) { /* the options, then the mode */
        int used = 1;
        if (!strcmp(argv[1], "--players") && argc > 2) {
            players = atoi(argv[2]);
            if (players < 1 || players > MAX_PLAYERS) fail("--players takes 1 to 5");
            used = 2;
        } else if (!strcmp(argv[1], "--max-size") && argc > 3) {
            max_rows = atoi(argv[2]);
            max_cols = atoi(argv[3]);
            if (max_rows < 1 || max_cols < 1) fail("--max-size takes two whole numbers from 1");
            used = 3;
        } else if (!strcmp(argv[1], "--points") && argc > 2) {
            read_points(argv[2]);
            used = 2;
        } else if (!strcmp(argv[1], "--rotation")) {
            turns = 4;
        } else if (!strcmp(argv[1], "--per-drop")) {
            per_drop = 1;
        } else {
            fail("options: --players N, --rotation, --max-size ROWS COLS, --per-drop, --points");
        }
        argv[used] = argv[0];
        argc -= used;
        argv += used;
    }
    read_cards("deck", deck, DECK);
    read_cards("starts", start_cards, STARTS);
    for (int i = 0; i < DECK; i++) { /* a quarter turn clockwise: AB/CD becomes CA/DB */
        turned[i][0] = deck[i];
        for (int t = 1; t < 4; t++) {
            const signed char *c = turned[i][t - 1].cell;
            turned[i][t] = (Card){{c[2], c[0], c[3], c[1]}, deck[i].kind};
        }
    }
    Reference game = {players, sizeof(Deal), read_deal, random_deal, play};
    return reference_main(argc, argv, &game);
}
