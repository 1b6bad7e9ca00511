/* stacked_trees.c: solo stacked trees under the standard rules, in plain C.
 *
 * The rules are docs/rules.md ST-1..ST-6 with the standard switches: 9 cards a game, a
 * hand of 2, 5 dice of each fruit, the ladder 1 -> 3 -> 6 -> 10, 2 rotten tokens costing
 * 3 points each; --no-rotten gives no tokens at all (the switch rotten_tokens=0).
 *
 * The deck comes first on the input: "deck 18" and its cards as in the deck file
 * ("APL/LAP"). A deal is the 9 cards in play, in order (indexes into the deck): the first
 * starts the orchard, the next two are the hand. Moves are listed as Game.legal_moves()
 * lists them: each hand card in hand order, turned 0, 90, 180, 270 degrees clockwise, with
 * its top-left tree on every legal cell in reading order (top row first, left to right).
 * A move is legal when at least one of its trees lies on a tree, none on a rotten one,
 * and the trees on a different fruit need no more tokens than are left. Greedy takes the
 * move with the most points now, the first such move on a tie. The game ends when no card
 * in hand can be placed. See reference.h for the modes.
 */
#include "reference.h"

#define DECK 18
#define CARDS 9           /* cards in play (ST-2) */
#define HAND 2
#define DICE_PER_FRUIT 5
#define TOKENS 2          /* rotten tokens (ST-5) */
#define PENALTY 3         /* points lost per token used (ST-6) */
#define LEVELS 4          /* steps of the ladder */
#define GRID 44           /* cells a side: 8 cards widen the orchard by at most 16 a way */
#define ORIGIN 20         /* the start card's top-left tree */

static const int LADDER[LEVELS] = {1, 3, 6, 10}; /* ST-4 */

/* A card turned by a quarter turn: its trees in reading order (fruit 1 apple, 2 pear,
 * 3 plum), each at (row, col) from the top-left tree. */
typedef struct {
    int height, width;
    int row[6], col[6], fruit[6];
} Shape;

/* The orchard: the top tree of every cell (0 none), the die on it as a ladder level (0 no
 * die, level L showing LADDER[L - 1]) and what a tree of each fruit laid on it would add
 * while the supply of dice lasts (`worth`); and, as one bit mask per row (bit c for
 * column c), where trees lie, which carry a rotten token and which show each fruit
 * without a token, so that the legal columns of a whole row come from a few shifts. */
typedef struct {
    signed char fruit[GRID][GRID], level[GRID][GRID], worth[4][GRID][GRID];
    uint64_t trees[GRID], rotten[GRID], shows[4][GRID];
    int top, bottom, left, right; /* the cells' box */
    int supply[4];                /* dice left by fruit */
    int tokens_used, dice_sum;
} Board;

typedef struct {
    int order[CARDS];
} Deal;

static Shape shapes[DECK][4];
static int tokens = TOKENS;

/* ST-3, ST-5: the columns (bit c) of row `row` where `shape`'s top-left tree may go: some
 * tree lies on a tree, none on a rotten one, and the trees on a different fruit need no
 * more tokens than are left (at most 2: "three" marks the columns needing 3 or more). */
static uint64_t legal_columns(const Board *b, const Shape *s, int row) {
    uint64_t over = 0, blocked = 0, one = 0, two = 0, three = 0;
    for (int i = 0; i < 6; i++) {
        int r = row + s->row[i], shift = s->col[i];
        uint64_t other = (b->trees[r] & ~b->shows[s->fruit[i]][r]) >> shift;
        over |= b->trees[r] >> shift;
        blocked |= b->rotten[r] >> shift;
        three |= two & other;
        two |= one & other;
        one |= other;
    }
    const uint64_t too_many[TOKENS + 1] = {one, two, three};
    return over & ~blocked & ~too_many[tokens - b->tokens_used];
}

/* ST-4, ST-5: how much the score changes with a legal placement of `shape` at (row, col).
 * New dice come only while the supply lasts, counting the dice going back under tokens. */
static int gain(const Board *b, const Shape *s, int row, int col) {
    int points = 0, wanted[4] = {0}, back[4] = {0};
    for (int i = 0; i < 6; i++) {
        int r = row + s->row[i], c = col + s->col[i], below = b->fruit[r][c];
        int level = b->level[r][c];
        if (!below) continue;
        if (below == s->fruit[i]) {
            if (level)
                points += LADDER[level < LEVELS ? level : LEVELS - 1] - LADDER[level - 1];
            else
                wanted[below]++;
        } else {
            points -= PENALTY;
            if (level) {
                points -= LADDER[level - 1];
                back[below]++;
            }
        }
    }
    for (int f = 1; f <= 3; f++) {
        int left = b->supply[f] + back[f];
        points += LADDER[0] * (wanted[f] < left ? wanted[f] : left);
    }
    return points;
}

/* Lay a tree of fruit f on cell (r, c), with a rotten token or not, in the masks too
 * (shows[0], the cells with no tree before, is never read). */
static void lay_tree(Board *b, int r, int c, int f, int token) {
    uint64_t bit = (uint64_t)1 << c;
    b->shows[b->fruit[r][c]][r] &= ~bit;
    b->fruit[r][c] = (signed char)f;
    b->trees[r] |= bit;
    if (token)
        b->rotten[r] |= bit;
    else
        b->shows[f][r] |= bit;
}

/* What a tree of each fruit laid on cell (r, c) would add while the supply lasts (ST-4,
 * ST-5): on its own fruit a die climbs, or a new die comes; on another fruit a token is
 * spent and the die there goes back. A rotten tree is never covered: its worth is unused. */
static void rate_cell(Board *b, int r, int c) {
    int below = b->fruit[r][c], level = b->level[r][c];
    for (int f = 1; f <= 3; f++) {
        int worth = 0;
        if (below == f && level)
            worth = LADDER[level < LEVELS ? level : LEVELS - 1] - LADDER[level - 1];
        else if (below == f)
            worth = LADDER[0];
        else if (below)
            worth = -PENALTY - (level ? LADDER[level - 1] : 0);
        b->worth[f][r][c] = (signed char)worth;
    }
}

/* Lay a legal placement (ST-4): tokens first (their dice go back to the supply), then dice
 * climb, then new dice in reading order while the supply lasts. */
static void place(Board *b, const Shape *s, int row, int col) {
    int token[6] = {0};
    for (int i = 0; i < 6; i++) {
        int r = row + s->row[i], c = col + s->col[i], below = b->fruit[r][c];
        if (below && below != s->fruit[i]) {
            token[i] = 1;
            b->tokens_used++;
            if (b->level[r][c]) {
                b->supply[below]++;
                b->dice_sum -= LADDER[b->level[r][c] - 1];
                b->level[r][c] = 0;
            }
        }
    }
    for (int i = 0; i < 6; i++) {
        int r = row + s->row[i], c = col + s->col[i], level = b->level[r][c];
        if (b->fruit[r][c] == s->fruit[i] && level && level < LEVELS) {
            b->dice_sum += LADDER[level] - LADDER[level - 1];
            b->level[r][c]++;
        }
    }
    for (int i = 0; i < 6; i++) {
        int r = row + s->row[i], c = col + s->col[i], f = s->fruit[i];
        if (b->fruit[r][c] == f && !b->level[r][c] && b->supply[f]) {
            b->supply[f]--;
            b->level[r][c] = 1;
            b->dice_sum += LADDER[0];
        }
    }
    for (int i = 0; i < 6; i++) {
        lay_tree(b, row + s->row[i], col + s->col[i], s->fruit[i], token[i]);
        rate_cell(b, row + s->row[i], col + s->col[i]);
    }
    if (row < b->top) b->top = row;
    if (row + s->height - 1 > b->bottom) b->bottom = row + s->height - 1;
    if (col < b->left) b->left = col;
    if (col + s->width - 1 > b->right) b->right = col + s->width - 1;
}

/* The legal placements of one hand card, turned one way, with the top-left tree in one
 * row: bit c of `columns` for column c. */
typedef struct {
    int slot, turn, row;
    uint64_t columns;
} Run;

#define MOST_RUNS (HAND * 4 * GRID)

/* Every run with a legal placement, in legal_moves order (hand order, turns, rows; the
 * columns of a run left to right); returns how many. */
static int legal_runs(const Board *b, const int *hand, int held, Run *runs) {
    int n = 0;
    for (int slot = 0; slot < held; slot++) {
        int twice = 0; /* a card twice in hand has its moves listed once */
        for (int earlier = 0; earlier < slot; earlier++) twice |= hand[earlier] == hand[slot];
        if (twice) continue;
        for (int turn = 0; turn < 4; turn++) {
            const Shape *s = &shapes[hand[slot]][turn];
            for (int row = b->top - s->height + 1; row <= b->bottom; row++) {
                uint64_t columns = legal_columns(b, s, row);
                if (columns) runs[n++] = (Run){slot, turn, row, columns};
            }
        }
    }
    return n;
}

/* The lowest set bit's column (mask not 0). */
static int lowest_column(uint64_t mask) {
    int c = 0;
    while (!(mask >> c & 1)) c++;
    return c;
}

/* A placement: the hand slot, the turn and the top-left tree's cell. */
typedef struct {
    int slot, turn, row, col;
} Move;

/* What a legal placement adds if the supply holds a die for each of its trees: the worth
 * of the cells it covers. Never less than what it adds (gain): a short supply only takes
 * new dice away. */
static int bound(const Board *b, const Shape *s, int row, int col) {
    int points = 0;
    for (int i = 0; i < 6; i++) points += b->worth[s->fruit[i]][row + s->row[i]][col + s->col[i]];
    return points;
}

/* The first legal placement with the most points now, scored exactly (gain) or, when
 * `exact` is 0, by its bound; `*points` is its score. */
static Move first_best(const Board *b, const int *hand, const Run *runs, int n, int exact,
                       int *points) {
    Move best = {0, 0, 0, 0};
    int found = 0;
    for (int i = 0; i < n; i++) {
        const Shape *s = &shapes[hand[runs[i].slot]][runs[i].turn];
        int row = runs[i].row;
        for (int col = b->left - s->width + 1; col <= b->right; col++) {
            if (!(runs[i].columns >> col & 1)) continue;
            int g = exact ? gain(b, s, row, col) : bound(b, s, row, col);
            if (!found || g > *points) {
                best = (Move){runs[i].slot, runs[i].turn, row, col};
                *points = g;
                found = 1;
            }
        }
    }
    return best;
}

/* Greedy: the first legal placement with the most points now. The first with the highest
 * bound is it when its bound is exact (every other placement adds at most its own bound,
 * and those before it have lower bounds); else every placement is scored exactly. */
static Move greedy_move(const Board *b, const int *hand, const Run *runs, int n) {
    int points;
    Move best = first_best(b, hand, runs, n, 0, &points);
    const Shape *s = &shapes[hand[best.slot]][best.turn];
    if (gain(b, s, best.row, best.col) == points) return best;
    return first_best(b, hand, runs, n, 1, &points);
}

static int bit_count(uint64_t mask) {
    int n = 0;
    for (; mask; mask &= mask - 1) n++;
    return n;
}

/* The pick-th legal placement (from 0) of the runs. */
static Move nth_move(const Run *runs, int pick) {
    int i = 0;
    while (pick >= bit_count(runs[i].columns)) pick -= bit_count(runs[i++].columns);
    uint64_t left = runs[i].columns;
    for (; pick; pick--) left &= left - 1;
    return (Move){runs[i].slot, runs[i].turn, runs[i].row, lowest_column(left)};
}

/* Play one deal to the end (ST-3, ST-6); scores[0] is the final score. */
static void play(const void *deal_, Chooser *chooser, int *scores) {
    const Deal *deal = deal_;
    static Board board;
    Board *b = &board;
    for (int r = b->top; r <= b->bottom; r++) { /* clear the last game's cells */
        for (int c = b->left; c <= b->right; c++) {
            b->fruit[r][c] = b->level[r][c] = 0;
            for (int f = 1; f <= 3; f++) b->worth[f][r][c] = 0;
        }
        b->trees[r] = b->rotten[r] = b->shows[1][r] = b->shows[2][r] = b->shows[3][r] = 0;
    }
    const Shape *start = &shapes[deal->order[0]][0];
    for (int i = 0; i < 6; i++) {
        lay_tree(b, ORIGIN + start->row[i], ORIGIN + start->col[i], start->fruit[i], 0);
        rate_cell(b, ORIGIN + start->row[i], ORIGIN + start->col[i]);
    }
    b->top = b->left = ORIGIN;
    b->bottom = ORIGIN + start->height - 1;
    b->right = ORIGIN + start->width - 1;
    for (int f = 1; f <= 3; f++) b->supply[f] = DICE_PER_FRUIT;
    b->tokens_used = b->dice_sum = 0;
    int hand[HAND], held = 0, drawn = 1;
    while (held < HAND && drawn < CARDS) hand[held++] = deal->order[drawn++];
    while (held) {
        Run runs[MOST_RUNS];
        int n = legal_runs(b, hand, held, runs), moves = 0;
        if (!n) break; /* no card in hand fits: the game is over (ST-6) */
        Move move;
        if (chooser->policy == GREEDY) {
            move = greedy_move(b, hand, runs, n);
        } else {
            for (int i = 0; i < n; i++) moves += bit_count(runs[i].columns);
            int pick = choose_index(chooser, moves);
            if (pick < 0) return;
            move = nth_move(runs, pick);
        }
        place(b, &shapes[hand[move.slot]][move.turn], move.row, move.col);
        for (int i = move.slot; i < held - 1; i++) hand[i] = hand[i + 1];
        held--;
        if (drawn < CARDS) hand[held++] = deal->order[drawn++];
    }
    scores[0] = b->dice_sum - PENALTY * b->tokens_used;
}

static void read_deal(void *deal_) {
    Deal *deal = deal_;
    for (int i = 0; i < CARDS; i++) {
        deal->order[i] = read_int();
        if (deal->order[i] < 0 || deal->order[i] >= DECK) fail("a card index outside the deck");
    }
}

static void random_deal(void *deal_, Rng *rng) {
    Deal *deal = deal_;
    int deck[DECK];
    for (int i = 0; i < DECK; i++) deck[i] = i;
    shuffle_prefix(deck, DECK, CARDS, rng);
    memcpy(deal->order, deck, sizeof deal->order);
}

/* The deck section: each card read as 2 rows of 3 trees, then turned clockwise. */
static void read_deck(void) {
    static const char FRUITS[] = "APL";
    expect("deck");
    if (read_int() != DECK) fail("the deck holds 18 cards");
    for (int k = 0; k < DECK; k++) {
        char text[16];
        read_word(text, sizeof text);
        if (strlen(text) != 7 || text[3] != '/') fail("a card is written like APL/LAP");
        int trees[2][3];
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 3; c++) {
                char code = text[4 * r + c];
                const char *fruit = code ? strchr(FRUITS, code) : NULL;
                if (!fruit) fail("a tree is A, P or L");
                trees[r][c] = 1 + (int)(fruit - FRUITS);
            }
        for (int turn = 0; turn < 4; turn++) {
            Shape *s = &shapes[k][turn];
            s->height = turn % 2 ? 3 : 2;
            s->width = turn % 2 ? 2 : 3;
            int i = 0;
            for (int r = 0; r < s->height; r++)
                for (int c = 0; c < s->width; c++, i++) {
                    /* undo the quarter turns one by one: cell (r, c) of an h x w card
                     * turned clockwise was cell (w - 1 - c, r) of the w x h card before */
                    int r0 = r, c0 = c, h = s->height, w = s->width;
                    for (int t = 0; t < turn; t++) {
                        int before = w - 1 - c0;
                        c0 = r0;
                        r0 = before;
                        int swap = h;
                        h = w;
                        w = swap;
                    }
                    s->row[i] = r;
                    s->col[i] = c;
                    s->fruit[i] = trees[r0][c0];
                }
        }
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "--no-rotten")) {
        tokens = 0;
        argv[1] = argv[0];
        argc--;
        argv++;
    }
    read_deck();
    Reference game = {1, sizeof(Deal), read_deal, random_deal, play};
    return reference_main(argc, argv, &game);
}
