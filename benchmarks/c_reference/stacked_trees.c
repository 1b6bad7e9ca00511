/* stacked_trees.c: stacked trees for 1 to 6 players under any rule switches, in plain C.
 *
 * The rules are docs/rules.md ST-1..ST-7. The standard switches: 9 cards a game, a hand of
 * 2, 5 dice of each fruit, the ladder 1 -> 3 -> 6 -> 10, 2 rotten tokens costing 3 points
 * each. Options (the fields of Rules): --players N (1 to 6, default 1), --dice D
 * (dice_per_fruit, 0..20), --tokens T (rotten_tokens, 0..12; --no-rotten is --tokens 0),
 * --penalty P (rotten_penalty, 0..10), --ladder V1,V2,... (ladder, 1 to 20 values climbing
 * strictly from 1 or more), --cards N (cards_per_game, 1..18), --hand H (hand_size, 1..6).
 *
 * The deck comes first on the input: "deck 18" and its cards as in the deck file
 * ("APL/LAP"). A deal is the cards in play, in order (indexes into the deck): the first
 * starts every orchard, the next ones fill the hands. Every player gets the same cards in
 * the same order and builds an own orchard (ST-7); players take turns from player 0, and a
 * player whose hand has no legal placement is finished. Moves are listed as
 * Game.legal_moves() lists them: each distinct hand card in hand order, turned 0, 90, 180,
 * 270 degrees clockwise, with its top-left tree on every legal cell in reading order (top row
 * first, left to right). A move is legal when at least one of its trees lies on a tree, none
 * on a rotten one, and the trees on a different fruit need no more tokens than are left.
 * Greedy takes the move with the most points now, the first such move on a tie; greedy
 * orchards all play alike (the same cards, the same choices, no shared supply), so greedy
 * plays one orchard and gives every player its score, as the engine does. The game ends
 * when no player can place a card in hand. See reference.h for the modes.
 *
 * Rows of the orchard are also kept as bit masks over its columns, bit c for column
 * base + c: the orchard is at most 37 columns wide (a card widens it by 2 at most), and
 * base moves when the orchard nears an end of the 64 bits.
 */
#define MAX_PLAYERS 6
#define MAX_TURNS 102 /* 6 players x 17 cards */
#include "reference.h"

#define DECK 18
#define MOST_CARDS 18     /* cards in play at most (cards_per_game) */
#define MOST_HAND 6
#define MOST_LADDER 20
#define MOST_TOKENS 12
#define GRID (4 * MOST_CARDS + 2) /* cells a side: 17 cards widen the orchard by 34 a way */
#define ORIGIN (2 * MOST_CARDS)   /* the start card's top-left tree */

/* The switches (Rules' fields), standard by default. */
static int players = 1, dice_per_fruit = 5, tokens = 2, penalty = 3, cards = 9, hand_size = 2;
static int LADDER[MOST_LADDER] = {1, 3, 6, 10}; /* ST-4 */
static int LEVELS = 4;                          /* steps of the ladder */

/* A card turned by a quarter turn: its trees in reading order (fruit 1 apple, 2 pear,
 * 3 plum), each at (row, col) from the top-left tree. */
typedef struct {
    int height, width;
    int row[6], col[6], fruit[6];
    int at[6]; /* each tree's place in a Board's worth, from the top-left tree's cell */
} Shape;

/* The orchard: the top tree of every cell (0 none), the die on it as a ladder level (0 no
 * die, level L showing LADDER[L - 1]) and what a tree of each fruit laid on it would add
 * while the supply of dice lasts (`worth`); and, as one bit mask per row (bit c for
 * column base + c), where trees lie, which carry a rotten token and, for each fruit, the
 * trees a tree of that fruit could not lie on without a token, so that the legal columns of
 * a whole row come from a few shifts. */
typedef struct {
    signed char fruit[GRID][GRID], level[GRID][GRID];
    int worth[4 * GRID * GRID];   /* fruit f, cell (r, c) at WORTH(f, r, c) */
    uint64_t trees[GRID], rotten[GRID], other[4][GRID];
    int top, bottom, left, right; /* the cells' box */
    int base;                     /* the column of bit 0 of the masks */
    int supply[4];                /* dice left by fruit */
    int tokens_used, dice_sum;
} Board;

#define WORTH(f, r, c) (((f) * GRID + (r)) * GRID + (c))

typedef struct {
    int order[MOST_CARDS];
} Deal;

static Shape shapes[DECK][4];

/* ST-3: where a card lying flat (0: 2 rows of 3) or upright (1: 3 rows of 2) may go with its
 * top-left tree in row `row`, whatever its fruit: the columns (bit c for column base + c)
 * where it covers some tree and no rotten one. */
static uint64_t span(const Board *b, int upright, int row) {
    uint64_t over = 0, blocked = 0;
    for (int dr = 0; dr < 2 + upright; dr++)
        for (int dc = 0; dc < 3 - upright; dc++) {
            over |= b->trees[row + dr] >> dc;
            blocked |= b->rotten[row + dr] >> dc;
        }
    return over & ~blocked;
}

/* ST-5: the columns of `spans` (from span()) where `shape`'s top-left tree may go in row
 * `row`: its trees on a different fruit need no more tokens than are left. With at most 2
 * left, "one", "two" and "three" mark the columns needing 1, 2, 3 or more; with more, a 3-bit
 * counter per column counts them (a card has 6 trees). */
static uint64_t legal_columns(const Board *b, const Shape *s, int row, uint64_t spans) {
    int left = tokens - b->tokens_used;
    if (left <= 2) {
        uint64_t one = 0, two = 0, three = 0;
        for (int i = 0; i < 6; i++) {
            uint64_t other = b->other[s->fruit[i]][row + s->row[i]] >> s->col[i];
            three |= two & other;
            two |= one & other;
            one |= other;
        }
        const uint64_t too_many[3] = {one, two, three};
        return spans & ~too_many[left];
    }
    if (left >= 6) return spans;
    uint64_t s0 = 0, s1 = 0, s2 = 0; /* the count's bits 1, 2, 4 */
    for (int i = 0; i < 6; i++) {
        uint64_t other = b->other[s->fruit[i]][row + s->row[i]] >> s->col[i];
        uint64_t carry = s0 & other;
        s0 ^= other;
        s2 |= s1 & carry;
        s1 ^= carry;
    }
    int need = left + 1; /* 4..6: the columns counting at least this many are refused */
    uint64_t equal = ~(uint64_t)0, above = 0;
    const uint64_t slices[3] = {s2, s1, s0};
    for (int j = 0; j < 3; j++) {
        if (need & (4 >> j)) {
            equal &= slices[j];
        } else {
            above |= equal & slices[j];
            equal &= ~slices[j];
        }
    }
    return spans & ~(above | equal);
}

/* The points one more tree of the die's fruit adds to a die at `level` (from 1). */
static int climb_points(int level) {
    return LADDER[level < LEVELS ? level : LEVELS - 1] - LADDER[level - 1];
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
                points += climb_points(level);
            else
                wanted[below]++;
        } else {
            points -= penalty;
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

/* Lay a tree of fruit f on cell (r, c), with a rotten token or not, in the masks too. */
static void lay_tree(Board *b, int r, int c, int f, int token) {
    uint64_t bit = (uint64_t)1 << (c - b->base);
    b->fruit[r][c] = (signed char)f;
    b->trees[r] |= bit;
    for (int g = 1; g <= 3; g++) b->other[g][r] |= bit;
    if (token)
        b->rotten[r] |= bit;
    else
        b->other[f][r] &= ~bit;
}

/* What a tree of each fruit laid on cell (r, c) would add while the supply lasts (ST-4,
 * ST-5): on its own fruit a die climbs, or a new die comes; on another fruit a token is
 * spent and the die there goes back. A rotten tree is never covered: its worth is unused. */
static void rate_cell(Board *b, int r, int c) {
    int below = b->fruit[r][c], level = b->level[r][c];
    for (int f = 1; f <= 3; f++) {
        int worth = 0;
        if (below == f && level)
            worth = climb_points(level);
        else if (below == f)
            worth = LADDER[0];
        else if (below)
            worth = -penalty - (level ? LADDER[level - 1] : 0);
        b->worth[WORTH(f, r, c)] = worth;
    }
}

/* Move the masks' columns so that every top-left column the next card may take (from
 * left - 2) and every tree (up to right) has its bit. */
static void recentre(Board *b) {
    if (b->left - 2 >= b->base && b->right - b->base <= 63) return;
    int width = b->right - b->left + 1, base = b->left - (64 - width) / 2;
    int shift = base - b->base;
    for (int r = b->top; r <= b->bottom; r++) {
        uint64_t *masks[5] = {&b->trees[r], &b->rotten[r], &b->other[1][r], &b->other[2][r],
                              &b->other[3][r]};
        for (int j = 0; j < 5; j++) *masks[j] = shift > 0 ? *masks[j] >> shift : *masks[j] << -shift;
    }
    b->base = base;
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
    recentre(b);
}

/* The legal placements of one hand card, turned one way, with the top-left tree in one
 * row: bit c of `columns` for column base + c. */
typedef struct {
    int slot, turn, row;
    uint64_t columns;
} Run;

#define MOST_RUNS (MOST_HAND * 4 * GRID)

/* Every run with a legal placement, in legal_moves order (hand order, turns, rows; the
 * columns of a run left to right); returns how many. */
static int legal_runs(const Board *b, const int *hand, int held, Run *runs) {
    int n = 0;
    uint64_t spans[2][GRID];
    for (int upright = 0; upright < 2; upright++)
        for (int row = b->top - 1 - upright; row <= b->bottom; row++)
            spans[upright][row] = span(b, upright, row);
    for (int slot = 0; slot < held; slot++) {
        int twice = 0; /* a card twice in hand has its moves listed once */
        for (int earlier = 0; earlier < slot; earlier++) twice |= hand[earlier] == hand[slot];
        if (twice) continue;
        for (int turn = 0; turn < 4; turn++) {
            const Shape *s = &shapes[hand[slot]][turn];
            for (int row = b->top - s->height + 1; row <= b->bottom; row++) {
                uint64_t columns = spans[turn % 2][row];
                if (columns) columns = legal_columns(b, s, row, columns);
                if (columns) runs[n++] = (Run){slot, turn, row, columns};
            }
        }
    }
    return n;
}

/* The lowest set bit's place (mask not 0). */
static int lowest_bit(uint64_t mask) {
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
 * new dice away, and it is exact when the supply holds a die for each tree of each fruit. */
static int bound(const Board *b, const Shape *s, int row, int col) {
    const int *worth = &b->worth[WORTH(0, row, col)];
    int points = 0;
    for (int i = 0; i < 6; i++) points += worth[s->at[i]];
    return points;
}

/* Trees of each fruit on each card (index 1..3). */
static int fruit_count[DECK][4];

/* Greedy: the first legal placement with the most points now. A placement is scored by its
 * bound, and exactly (gain) only when the bound beats the best so far and the supply may
 * run short of the card's fruit: gain <= bound, so no placement skipped could beat it. */
static Move greedy_move(const Board *b, const int *hand, const Run *runs, int n) {
    Move best = {0, 0, 0, 0};
    int points = 0, found = 0;
    for (int i = 0; i < n; i++) {
        int card = hand[runs[i].slot];
        const Shape *s = &shapes[card][runs[i].turn];
        int row = runs[i].row, short_supply = 0;
        for (int f = 1; f <= 3; f++) short_supply |= b->supply[f] < fruit_count[card][f];
        for (int col = b->left - s->width + 1; col <= b->right; col++) {
            if (!(runs[i].columns >> (col - b->base) & 1)) continue;
            int g = bound(b, s, row, col);
            if (found && g <= points) continue;
            if (short_supply) g = gain(b, s, row, col);
            if (!found || g > points) {
                best = (Move){runs[i].slot, runs[i].turn, row, col};
                points = g;
                found = 1;
            }
        }
    }
    return best;
}

static int bit_count(uint64_t mask) { /* the bits set, added up in ever wider fields */
    mask -= (mask >> 1) & 0x5555555555555555ull;
    mask = (mask & 0x3333333333333333ull) + ((mask >> 2) & 0x3333333333333333ull);
    mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((mask * 0x0101010101010101ull) >> 56);
}

/* The pick-th legal placement (from 0) of the runs. */
static Move nth_move(const Board *b, const Run *runs, int pick) {
    int i = 0;
    while (pick >= bit_count(runs[i].columns)) pick -= bit_count(runs[i++].columns);
    uint64_t left = runs[i].columns;
    for (; pick; pick--) left &= left - 1;
    return (Move){runs[i].slot, runs[i].turn, runs[i].row, b->base + lowest_bit(left)};
}

/* One player's side of the table: the orchard, the hand, the cards drawn so far. */
typedef struct {
    Board board;
    int hand[MOST_HAND], held, drawn;
} Seat;

/* A fresh orchard from the start card, and its hand (ST-2). */
static void seat_up(Seat *seat, const Deal *deal) {
    Board *b = &seat->board;
    for (int r = b->top; r <= b->bottom; r++) { /* clear the last game's cells */
        for (int c = b->left; c <= b->right; c++) {
            b->fruit[r][c] = b->level[r][c] = 0;
            for (int f = 1; f <= 3; f++) b->worth[WORTH(f, r, c)] = 0;
        }
        b->trees[r] = b->rotten[r] = b->other[1][r] = b->other[2][r] = b->other[3][r] = 0;
    }
    b->base = ORIGIN - 30; /* the start card in the middle of the 64 bits */
    const Shape *start = &shapes[deal->order[0]][0];
    for (int i = 0; i < 6; i++) {
        lay_tree(b, ORIGIN + start->row[i], ORIGIN + start->col[i], start->fruit[i], 0);
        rate_cell(b, ORIGIN + start->row[i], ORIGIN + start->col[i]);
    }
    b->top = b->left = ORIGIN;
    b->bottom = ORIGIN + start->height - 1;
    b->right = ORIGIN + start->width - 1;
    for (int f = 1; f <= 3; f++) b->supply[f] = dice_per_fruit;
    b->tokens_used = b->dice_sum = 0;
    seat->held = 0;
    seat->drawn = 1;
    while (seat->held < hand_size && seat->drawn < cards)
        seat->hand[seat->held++] = deal->order[seat->drawn++];
}

/* One turn of a seat: 0 when no card in hand fits (the seat is finished, ST-6), -1 when a
 * replay does not match, else 1. */
static int turn(Seat *seat, const Deal *deal, Chooser *chooser) {
    Board *b = &seat->board;
    Run runs[MOST_RUNS];
    int n = legal_runs(b, seat->hand, seat->held, runs), moves = 0;
    if (!n) return 0;
    Move move;
    if (chooser->policy == GREEDY) {
        move = greedy_move(b, seat->hand, runs, n);
    } else {
        for (int i = 0; i < n; i++) moves += bit_count(runs[i].columns);
        int pick = choose_index(chooser, moves);
        if (pick < 0) return -1;
        move = nth_move(b, runs, pick);
    }
    place(b, &shapes[seat->hand[move.slot]][move.turn], move.row, move.col);
    for (int i = move.slot; i < seat->held - 1; i++) seat->hand[i] = seat->hand[i + 1];
    seat->held--;
    if (seat->drawn < cards) seat->hand[seat->held++] = deal->order[seat->drawn++];
    return seat->held > 0;
}

static Seat seats[MAX_PLAYERS];

/* Play one deal to the end (ST-3, ST-6, ST-7); scores[p] is player p's final score. */
static void play(const void *deal_, Chooser *chooser, int *scores) {
    const Deal *deal = deal_;
    int orchards = chooser->policy == GREEDY ? 1 : players, active[MAX_PLAYERS], moving = 0;
    for (int p = 0; p < orchards; p++) {
        seat_up(&seats[p], deal);
        active[p] = seats[p].held > 0;
        moving += active[p];
    }
    while (moving) {
        for (int p = 0; p < orchards; p++) {
            if (!active[p]) continue;
            int done = turn(&seats[p], deal, chooser);
            if (done < 0) return;
            if (!done) {
                active[p] = 0;
                moving--;
            }
        }
    }
    for (int p = 0; p < players; p++) {
        const Board *b = &seats[orchards == 1 ? 0 : p].board;
        scores[p] = b->dice_sum - penalty * b->tokens_used;
    }
}

static void read_deal(void *deal_) {
    Deal *deal = deal_;
    for (int i = 0; i < cards; i++) {
        deal->order[i] = read_int();
        if (deal->order[i] < 0 || deal->order[i] >= DECK) fail("a card index outside the deck");
    }
}

static void random_deal(void *deal_, Rng *rng) {
    Deal *deal = deal_;
    int deck[DECK];
    for (int i = 0; i < DECK; i++) deck[i] = i;
    shuffle_prefix(deck, DECK, cards, rng);
    memcpy(deal->order, deck, sizeof(int) * (size_t)cards);
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
                    s->at[i] = WORTH(s->fruit[i], r, c);
                }
        }
        for (int i = 0; i < 6; i++) fruit_count[k][shapes[k][0].fruit[i]]++;
    }
}

/* A whole number option from `low` to `high`. */
static int number(const char *text, int low, int high, const char *what) {
    char *end;
    long value = strtol(text, &end, 10);
    if (end == text || *end || value < low || value > high) fail(what);
    return (int)value;
}

/* "V1,V2,...": 1 to 20 values climbing strictly from 1 or more (ST-4). */
static void read_ladder(const char *text) {
    LEVELS = 0;
    for (;;) {
        char *end;
        long value = strtol(text, &end, 10);
        if (end == text || LEVELS == MOST_LADDER || value < 1 || value > 1000000 ||
            (LEVELS && value <= LADDER[LEVELS - 1]))
            fail("--ladder takes 1 to 20 values climbing strictly from 1 or more");
        LADDER[LEVELS++] = (int)value;
        if (!*end) return;
        if (*end != ',') fail("--ladder takes values joined by commas");
        text = end + 1;
    }
}

int main(int argc, char **argv) {
    while (argc > 1 && !strncmp(argv[1], "--", 2)) { /* the options, then the mode */
        int used = 2;
        const char *value = argc > 2 ? argv[2] : "";
        if (!strcmp(argv[1], "--no-rotten")) {
            tokens = 0;
            used = 1;
        } else if (!strcmp(argv[1], "--players")) {
            players = number(value, 1, MAX_PLAYERS, "--players takes 1 to 6");
        } else if (!strcmp(argv[1], "--dice")) {
            dice_per_fruit = number(value, 0, 20, "--dice takes 0 to 20");
        } else if (!strcmp(argv[1], "--tokens")) {
            tokens = number(value, 0, MOST_TOKENS, "--tokens takes 0 to 12");
        } else if (!strcmp(argv[1], "--penalty")) {
            penalty = number(value, 0, 10, "--penalty takes 0 to 10");
        } else if (!strcmp(argv[1], "--cards")) {
            cards = number(value, 1, MOST_CARDS, "--cards takes 1 to 18");
        } else if (!strcmp(argv[1], "--hand")) {
            hand_size = number(value, 1, MOST_HAND, "--hand takes 1 to 6");
        } else if (!strcmp(argv[1], "--ladder")) {
            read_ladder(value);
        } else {
            fail("options: --players N, --dice D, --tokens T, --no-rotten, --penalty P, "
                 "--ladder V1,V2,..., --cards N, --hand H");
        }
        argv[used] = argv[0];
        argc -= used;
        argv += used;
    }
    read_deck();
    Reference game = {players, sizeof(Deal), read_deal, random_deal, play};
    return reference_main(argc, argv, &game);
}
