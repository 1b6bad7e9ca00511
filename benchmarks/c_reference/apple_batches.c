/* apple_batches.c: solo apple batches under the standard rules, in plain C.
 *
 * The rules are docs/rules.md AB-1..AB-6: 12 apples, a market of 3 cards a round for 4
 * rounds, each apple placed at once into one of 8 batches. A card is its index in the
 * default deck (AB-1: colour by colour, then height, then sweetness, as default_deck()
 * lists them): colour = i / 25, height = i / 5 % 5 + 1, sweetness = i % 5 + 1.
 *
 * A deal on the input is the 12 cards in the order they are dealt (market by market).
 * Moves are listed as Game.legal_moves() lists them: market cards in market order, each
 * with its legal batches in the order of the enum below. Greedy takes the move with the
 * most points now, the first such move on a tie. See reference.h for the modes.
 */
#include "reference.h"

enum { MONOCHROME, FEATHER, SPECIAL, UNLUCKY, FORTEPIANO, SWEET_COUPLE, STEADY, BAD, BATCHES };

#define DECK 75
#define MARKET 3
#define ROUNDS 4
#define CARDS (MARKET * ROUNDS)
#define CAPACITY 12          /* AB-3 */
#define UNLUCKY_TARGET 13    /* AB-4 */
#define SPECIAL_BONUS 20     /* AB-6; a broken special tree scores 0 */
#define SWEET_COUPLE_POINTS 7
#define FORTEPIANO_POINTS_PER_STEP 2

/* Points of a batch holding 0, 1, ..., 12 apples (AB-4). */
static const int TRIANGULAR[CAPACITY + 1] = {0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78};
static const int PRONIC[CAPACITY + 1] = {0, 0, 2, 6, 12, 20, 30, 42, 56, 72, 90, 110, 132};
static const int SQUARES[CAPACITY + 1] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144};
static const int ODD_PRIMES[CAPACITY + 1] = {0, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41};

typedef struct {
    int colour, height, sweetness;
} Card;

typedef struct {
    int count[BATCHES];
    Card first[BATCHES], last[BATCHES];
    int live_sweetness, live_height; /* feather (AB-5): 0 once no longer live */
    int unlucky_sum;
    int outside[3];                  /* apples of each colour outside bad and special */
    int total;
} Board;

typedef struct {
    int cards[CARDS];
} Deal;

static Card card_of(int index) {
    return (Card){index / 25, index / 5 % 5 + 1, index % 5 + 1};
}

#define NOT_ALLOWED (-1000) /* below every change of the total */

/* How much the total changes when `card` goes into each batch now, or NOT_ALLOWED where
 * the batch refuses it (AB-3..AB-6). */
static void batch_points(const Board *b, Card card, int points[BATCHES]) {
    const int *n = b->count;
    /* the first apple of the special tree's colour outside bad breaks the tree (AB-6) */
    int breaks = n[SPECIAL] && b->first[SPECIAL].colour == card.colour &&
                 b->outside[card.colour] == 0;
    int lost = breaks ? -SPECIAL_BONUS : 0;

    int k = MONOCHROME;
    int refused = n[k] && card.colour != b->first[k].colour;
    points[k] = refused ? NOT_ALLOWED : TRIANGULAR[n[k] + 1] - TRIANGULAR[n[k]] + lost;

    k = FEATHER;
    refused = n[k] && card.sweetness != b->live_sweetness && card.height != b->live_height;
    points[k] = refused ? NOT_ALLOWED : PRONIC[n[k] + 1] - PRONIC[n[k]] + lost;

    k = SPECIAL;
    points[k] = n[k] == 0 && b->outside[card.colour] == 0 ? SPECIAL_BONUS : NOT_ALLOWED;

    k = UNLUCKY; /* it scores nothing below 13 and takes no apple once at 13 */
    int sum = b->unlucky_sum + card.sweetness;
    points[k] = sum > UNLUCKY_TARGET    ? NOT_ALLOWED
                : sum == UNLUCKY_TARGET ? SQUARES[n[k] + 1] + lost
                                        : lost;

    k = FORTEPIANO; /* the second apple of a pair scores the height gap */
    int gap = abs(card.height - b->last[k].height);
    points[k] = n[k] % 2 == 0 ? lost : gap ? FORTEPIANO_POINTS_PER_STEP * gap + lost : NOT_ALLOWED;

    k = SWEET_COUPLE;
    int same = card.sweetness == b->last[k].sweetness;
    points[k] = n[k] % 2 == 0 ? lost : same ? SWEET_COUPLE_POINTS + lost : NOT_ALLOWED;

    k = STEADY;
    refused = n[k] && abs(card.height - b->last[k].height) > 1;
    points[k] = refused ? NOT_ALLOWED : ODD_PRIMES[n[k] + 1] - ODD_PRIMES[n[k]] + lost;

    points[BAD] = -1;
    for (k = 0; k < BATCHES; k++)
        if (n[k] >= CAPACITY) points[k] = NOT_ALLOWED;
}

static void place(Board *b, Card card, int batch) {
    int points[BATCHES];
    batch_points(b, card, points);
    b->total += points[batch];
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
    if (batch != SPECIAL && batch != BAD) b->outside[card.colour]++;
    if (b->count[batch] == 0) b->first[batch] = card;
    b->last[batch] = card;
    b->count[batch]++;
}

/* Play one deal to the end; scores[0] is the final total. */
static void play(const void *deal_, Chooser *chooser, int *scores) {
    const Deal *deal = deal_;
    Board board = {0};
    for (int round = 0; round < ROUNDS; round++) {
        Card market[MARKET];
        for (int i = 0; i < MARKET; i++) market[i] = card_of(deal->cards[round * MARKET + i]);
        for (int left = MARKET; left > 0; left--) {
            int slot = -1, batch = -1, points[MARKET][BATCHES];
            for (int i = 0; i < left; i++) batch_points(&board, market[i], points[i]);
            if (chooser->policy == GREEDY) {
                int best = 0;
                for (int i = 0; i < left; i++)
                    for (int k = 0; k < BATCHES; k++)
                        if (points[i][k] != NOT_ALLOWED && (slot < 0 || points[i][k] > best))
                            best = points[i][k], slot = i, batch = k;
            } else { /* the legal moves in order, then the chosen one */
                int n = 0, slots[MARKET * BATCHES], batches[MARKET * BATCHES];
                for (int i = 0; i < left; i++)
                    for (int k = 0; k < BATCHES; k++) { /* written always, kept if legal */
                        slots[n] = i, batches[n] = k;
                        n += points[i][k] != NOT_ALLOWED;
                    }
                int pick = choose_index(chooser, n);
                if (pick < 0) return;
                slot = slots[pick];
                batch = batches[pick];
            }
            place(&board, market[slot], batch);
            for (int i = slot; i < left - 1; i++) market[i] = market[i + 1];
        }
    }
    scores[0] = board.total;
}

static void read_deal(void *deal_) {
    Deal *deal = deal_;
    for (int i = 0; i < CARDS; i++) {
        deal->cards[i] = read_int();
        if (deal->cards[i] < 0 || deal->cards[i] >= DECK) fail("a card index outside the deck");
    }
}

static void random_deal(void *deal_, Rng *rng) {
    Deal *deal = deal_;
    int deck[DECK];
    for (int i = 0; i < DECK; i++) deck[i] = i;
    shuffle_prefix(deck, DECK, CARDS, rng);
    memcpy(deal->cards, deck, sizeof deal->cards);
}

int main(int argc, char **argv) {
    Reference game = {1, sizeof(Deal), read_deal, random_deal, play};
    return reference_main(argc, argv, &game);
}
