/* apple_batches.c: apple batches for 1 to 6 players under any rule switches, in plain C.
 *
 * The rules are docs/rules.md AB-1..AB-6: 12 apples each, markets of k cards a player (k = 2
 * with 3 or 6 players, else 3) for 12 / k rounds, each apple placed at once into one of 8
 * batches of the player who takes it. Player 0 starts; each round the next player starts,
 * and the turn goes round the table until the market is empty (AB-2). A card is its index in
 * the default deck (AB-1: colour by colour, then height, then sweetness, as default_deck()
 * lists them): colour = i / 25, height = i / 5 % 5 + 1, sweetness = i % 5 + 1.
 *
 * Options (the fields of Rules; the standard rules without them): --players N (1 to 6,
 * default 1), --easy (the bad batch costs nothing), --unlucky-may-bust (the unlucky batch
 * may pass 13, then scores 0), --steady-any (steady_reference "any": within 1 of any earlier
 * height), --special-broken P (special_broken_points, -20..20), --four-rounds (end
 * "four_rounds": 4 rounds whatever the players), --monochrome-points, --feather-points,
 * --unlucky-points, --steady-points T1,...,T12 (a batch's points with 1..12 apples).
 *
 * A deal on the input is the cards in the order they are dealt (market by market). Moves are
 * listed as Game.legal_moves() lists them: market cards in market order, each with its legal
 * batches in the order of the enum below. Greedy takes the move with the most points now for
 * the player to act, the first such move on a tie. See reference.h for the modes.
 */
#define MAX_PLAYERS 6
#define MAX_TURNS 72 /* 6 players x 12 apples */
#include "reference.h"

enum { MONOCHROME, FEATHER, SPECIAL, UNLUCKY, FORTEPIANO, SWEET_COUPLE, STEADY, BAD, BATCHES };

#define DECK 75
#define MOST_MARKET 15       /* 5 players x 3 cards */
#define MOST_CARDS 72        /* 6 players x 12 apples */
#define CAPACITY 12          /* AB-3 */
#define UNLUCKY_TARGET 13    /* AB-4 */
#define SPECIAL_BONUS 20     /* AB-6 */
#define SWEET_COUPLE_POINTS 7
#define FORTEPIANO_POINTS_PER_STEP 2

/* Points of a batch holding 0, 1, ..., 12 apples (AB-4); the options may change them. */
static int MONOCHROME_TABLE[CAPACITY + 1] = {0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78};
static int FEATHER_TABLE[CAPACITY + 1] = {0, 0, 2, 6, 12, 20, 30, 42, 56, 72, 90, 110, 132};
static int UNLUCKY_TABLE[CAPACITY + 1] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144};
static int STEADY_TABLE[CAPACITY + 1] = {0, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41};

/* The switches (Rules' fields) and the table. */
static int players = 1, easy = 0, may_bust = 0, steady_any = 0, four_rounds = 0;
static int broken_loss = -SPECIAL_BONUS; /* special_broken_points - 20 */
static int market_size, rounds, cards;   /* k x players, rounds, cards dealt */

typedef struct {
    int colour, height, sweetness;
} Card;

typedef struct {
    int count[BATCHES];
    Card first[BATCHES], last[BATCHES];
    int live_sweetness, live_height; /* feather (AB-5): 0 once no longer live */
    int unlucky_sum;
    int steady_heights;              /* bit h: an apple of height h in the steady batch */
    int outside[3];                  /* apples of each colour outside bad and special */
    int total;
} Board;

typedef struct {
    int cards[MOST_CARDS];
} Deal;

static Card card_of(int index) {
    return (Card){index / 25, index / 5 % 5 + 1, index % 5 + 1};
}

#define NOT_ALLOWED (-1000000) /* below every change of the total */

/* How much the total changes when `card` goes into each batch now, or NOT_ALLOWED where
 * the batch refuses it (AB-3..AB-6). */
static void batch_points(const Board *b, Card card, int points[BATCHES]) {
    const int *n = b->count;
    /* the first apple of the special tree's colour outside bad breaks the tree (AB-6) */
    int breaks = n[SPECIAL] && b->first[SPECIAL].colour == card.colour &&
                 b->outside[card.colour] == 0;
    int lost = breaks ? broken_loss : 0;

    int k = MONOCHROME;
    int refused = n[k] && card.colour != b->first[k].colour;
    points[k] = refused ? NOT_ALLOWED : MONOCHROME_TABLE[n[k] + 1] - MONOCHROME_TABLE[n[k]] + lost;

    k = FEATHER;
    refused = n[k] && card.sweetness != b->live_sweetness && card.height != b->live_height;
    points[k] = refused ? NOT_ALLOWED : FEATHER_TABLE[n[k] + 1] - FEATHER_TABLE[n[k]] + lost;

    k = SPECIAL;
    points[k] = n[k] == 0 && b->outside[card.colour] == 0 ? SPECIAL_BONUS : NOT_ALLOWED;

    k = UNLUCKY; /* it scores only at exactly 13; past 13 it is refused, or scores 0 */
    int sum = b->unlucky_sum + card.sweetness;
    int before = b->unlucky_sum == UNLUCKY_TARGET ? UNLUCKY_TABLE[n[k]] : 0;
    int after = sum == UNLUCKY_TARGET ? UNLUCKY_TABLE[n[k] + 1] : 0;
    points[k] = sum > UNLUCKY_TARGET && !may_bust ? NOT_ALLOWED : after - before + lost;

    k = FORTEPIANO; /* the second apple of a pair scores the height gap */
    int gap = abs(card.height - b->last[k].height);
    points[k] = n[k] % 2 == 0 ? lost : gap ? FORTEPIANO_POINTS_PER_STEP * gap + lost : NOT_ALLOWED;

    k = SWEET_COUPLE;
    int same = card.sweetness == b->last[k].sweetness;
    points[k] = n[k] % 2 == 0 ? lost : same ? SWEET_COUPLE_POINTS + lost : NOT_ALLOWED;

    k = STEADY;
    if (steady_any) /* within 1 of some earlier height */
        refused = n[k] && !(b->steady_heights & (7 << (card.height - 1)));
    else
        refused = n[k] && abs(card.height - b->last[k].height) > 1;
    points[k] = refused ? NOT_ALLOWED : STEADY_TABLE[n[k] + 1] - STEADY_TABLE[n[k]] + lost;

    points[BAD] = easy ? 0 : -1;
    for (k = 0; k < BATCHES; k++)
        if (n[k] >= CAPACITY) points[k] = NOT_ALLOWED;
}

static void place(Board *b, Card card, int batch, int points) {
    b->total += points;
    if (batch == FEATHER) {
        if (b->count[batch] == 0) {
            b->live_sweetness = card.sweetness;
            b->live_height = card.height;
        } else {
            if (card.sweetness != b->live_sweetness) b->live_sweetness = 0;
            if (card.height != b->live_height) b->live_height = 0;
        }
    }
    if (batch == UNLUCKY) b->unlucky_sum += card.sweetness;
    if (batch == STEADY) b->steady_heights |= 1 << card.height;
    if (batch != SPECIAL && batch != BAD) b->outside[card.colour]++;
    if (b->count[batch] == 0) b->first[batch] = card;
    b->last[batch] = card;
    b->count[batch]++;
}

/* Play one deal to the end; scores[p] is player p's final total. */
static void play(const void *deal_, Chooser *chooser, int *scores) {
    const Deal *deal = deal_;
    Board boards[MAX_PLAYERS];
    memset(boards, 0, sizeof(Board) * (size_t)players);
    for (int round = 0; round < rounds; round++) {
        Card market[MOST_MARKET];
        for (int i = 0; i < market_size; i++)
            market[i] = card_of(deal->cards[round * market_size + i]);
        for (int left = market_size; left > 0; left--) {
            Board *board = &boards[(round + market_size - left) % players];
            int slot = -1, batch = -1, best = 0, points[MOST_MARKET][BATCHES];
            for (int i = 0; i < left; i++) batch_points(board, market[i], points[i]);
            if (chooser->policy == GREEDY) {
                for (int i = 0; i < left; i++)
                    for (int k = 0; k < BATCHES; k++)
                        if (points[i][k] != NOT_ALLOWED && (slot < 0 || points[i][k] > best))
                            best = points[i][k], slot = i, batch = k;
            } else { /* the legal moves in order, then the chosen one */
                int n = 0, slots[MOST_MARKET * BATCHES], batches[MOST_MARKET * BATCHES];
                for (int i = 0; i < left; i++)
                    for (int k = 0; k < BATCHES; k++) { /* written always, kept if legal */
                        slots[n] = i, batches[n] = k;
                        n += points[i][k] != NOT_ALLOWED;
                    }
                int pick = choose_index(chooser, n);
                if (pick < 0) return;
                slot = slots[pick];
                batch = batches[pick];
                best = points[slot][batch];
            }
            place(board, market[slot], batch, best);
            for (int i = slot; i < left - 1; i++) market[i] = market[i + 1];
        }
    }
    for (int p = 0; p < players; p++) scores[p] = boards[p].total;
}

static void read_deal(void *deal_) {
    Deal *deal = deal_;
    for (int i = 0; i < cards; i++) {
        deal->cards[i] = read_int();
        if (deal->cards[i] < 0 || deal->cards[i] >= DECK) fail("a card index outside the deck");
    }
}

static void random_deal(void *deal_, Rng *rng) {
    Deal *deal = deal_;
    int deck[DECK];
    for (int i = 0; i < DECK; i++) deck[i] = i;
    shuffle_prefix(deck, DECK, cards, rng);
    memcpy(deal->cards, deck, sizeof(int) * (size_t)cards);
}

/* "T1,...,T12": a batch's points with 1..12 apples, into table[1..12]. */
static void read_table(const char *text, int *table) {
    for (int n = 1; n <= CAPACITY; n++) {
        char *end;
        long value = strtol(text, &end, 10);
        if (end == text || value < 0 || value > 999 || (n < CAPACITY ? *end != ',' : *end))
            fail("a points table is 12 whole numbers 0..999 joined by commas");
        table[n] = (int)value;
        text = end + 1;
    }
}

int main(int argc, char **argv) {
    static const struct {
        const char *name;
        int *table;
    } TABLES[] = {{"--monochrome-points", MONOCHROME_TABLE},
                  {"--feather-points", FEATHER_TABLE},
                  {"--unlucky-points", UNLUCKY_TABLE},
                  {"--steady-points", STEADY_TABLE}};
    while (argc > 1 && !strncmp(argv[1], "--", 2)) { /* the options, then the mode */
        int used = 1, known = 1;
        if (!strcmp(argv[1], "--players") && argc > 2) {
            players = atoi(argv[2]);
            if (players < 1 || players > MAX_PLAYERS) fail("--players takes 1 to 6");
            used = 2;
        } else if (!strcmp(argv[1], "--special-broken") && argc > 2) {
            int points = atoi(argv[2]);
            if (points < -SPECIAL_BONUS || points > SPECIAL_BONUS)
                fail("--special-broken takes -20 to 20");
            broken_loss = points - SPECIAL_BONUS;
            used = 2;
        } else if (!strcmp(argv[1], "--easy")) {
            easy = 1;
        } else if (!strcmp(argv[1], "--unlucky-may-bust")) {
            may_bust = 1;
        } else if (!strcmp(argv[1], "--steady-any")) {
            steady_any = 1;
        } else if (!strcmp(argv[1], "--four-rounds")) {
            four_rounds = 1;
        } else {
            known = 0;
            for (size_t t = 0; t < sizeof TABLES / sizeof TABLES[0]; t++)
                if (!strcmp(argv[1], TABLES[t].name) && argc > 2) {
                    read_table(argv[2], TABLES[t].table);
                    used = 2;
                    known = 1;
                }
        }
        if (!known)
            fail("options: --players N, --easy, --unlucky-may-bust, --steady-any, "
                 "--special-broken P, --four-rounds, --monochrome-points T, --feather-points T, "
                 "--unlucky-points T, --steady-points T");
        argv[used] = argv[0];
        argc -= used;
        argv += used;
    }
    int k = players == 3 || players == 6 ? 2 : 3; /* AB-2 */
    market_size = k * players;
    rounds = four_rounds ? 4 : 12 / k;
    cards = market_size * rounds;
    Reference game = {players, sizeof(Deal), read_deal, random_deal, play};
    return reference_main(argc, argv, &game);
}
