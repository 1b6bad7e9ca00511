/* reference.h: what the three plain C references share.
 *
 * Each game file (apple_batches.c, water_drops.c, stacked_trees.c) implements one game's
 * standard rules and describes itself in a Reference: how to read a deal the engine made,
 * how to deal one with its own generator, and how to play a deal with a Chooser. The
 * shared main loop, reference_main, then offers three modes:
 *
 *   greedy          read G, then G deals; play each with the greedy policy and print the
 *                   final scores of each game on a line of their own.
 *   replay          read G, then G deals, each followed by T and T pairs "n k": at turn t
 *                   the engine had n legal moves and its random policy took the k-th (from
 *                   0, in the engine's legal_moves order). Print the final scores, or a
 *                   line starting "mismatch turn t:" when this program counts other legal
 *                   moves than the engine did, or ends the game at another turn.
 *   speed P N SEED  deal and play N games with policy P ("greedy" or "random"), drawing
 *                   deals and random choices from xoshiro256** seeded with SEED; print
 *                   "games N cpu SECONDS mean SCORE" (CPU time of dealing and playing).
 *
 * A game's own options come before the mode (--players N and the rule switches, see each
 * game file); its cards, if it reads them, come first on the input.
 * Standard C11, no dependencies: gcc -O2 -std=c11 game.c -o game.
 */
#ifndef ORCHARD_REFERENCE_H
#define ORCHARD_REFERENCE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef MAX_PLAYERS /* a game file may define both before it includes this one */
#define MAX_PLAYERS 5
#endif
#ifndef MAX_TURNS
#define MAX_TURNS 64 /* the longest game: 50 water drops cards */
#endif

/* -- the generator of speed runs: xoshiro256**, seeded by splitmix64 ------------------- */
typedef struct {
    uint64_t s[4];
} Rng;

static inline uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void rng_seed(Rng *rng, uint64_t seed) {
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(Rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A uniform integer in [0, n), 1 <= n < 2^32: Lemire's multiply-shift of a 32-bit word,
 * drawing again on the rare biased words (the division runs only near them). */
static inline int rng_below(Rng *rng, int n) {
    uint64_t bound = (uint64_t)n;
    uint64_t product = (rng_next(rng) >> 32) * bound;
    if ((product & 0xFFFFFFFFull) < bound) {
        uint64_t threshold = (0x100000000ull - bound) % bound;
        while ((product & 0xFFFFFFFFull) < threshold) product = (rng_next(rng) >> 32) * bound;
    }
    return (int)(product >> 32);
}

/* Shuffle the first `take` places of deck[0..size) uniformly (Fisher-Yates, stopped early). */
static inline void shuffle_prefix(int *deck, int size, int take, Rng *rng) {
    for (int i = 0; i < take; i++) {
        int j = i + rng_below(rng, size - i);
        int card = deck[i];
        deck[i] = deck[j];
        deck[j] = card;
    }
}

/* -- reading the input ------------------------------------------------------------------ */
static inline void fail(const char *what) {
    fprintf(stderr, "error: %s\n", what);
    exit(2);
}

static inline int read_int(void) {
    int value;
    if (scanf("%d", &value) != 1) fail("expected a whole number on the input");
    return value;
}

/* The next word of the input, of at most `size - 1` characters. */
static inline void read_word(char *word, int size) {
    char format[16];
    snprintf(format, sizeof format, "%%%ds", size - 1);
    if (scanf(format, word) != 1) fail("expected a word on the input");
}

/* Read the next word and stop unless it is `label` (the names of the input's sections). */
static inline void expect(const char *label) {
    char word[32];
    read_word(word, sizeof word);
    if (strcmp(word, label) != 0) {
        fprintf(stderr, "error: expected '%s' on the input, got '%s'\n", label, word);
        exit(2);
    }
}

/* -- choosing a move ------------------------------------------------------------------- */
typedef enum { GREEDY, RANDOM, REPLAY } Policy;

typedef struct {
    Policy policy;
    Rng *rng;               /* RANDOM: where the choices come from */
    int turns;              /* REPLAY: the engine's turns, */
    int count[MAX_TURNS];   /* its number of legal moves at each turn */
    int index[MAX_TURNS];   /* and the index it chose */
    int turn;               /* the next turn to choose for */
    int mismatch;           /* REPLAY: the first turn where the counts differ, else -1 */
    int own_count;          /* and the count of legal moves here at that turn */
} Chooser;

/* The index of the move to play among `n` legal moves (random or replayed), or -1 when a
 * replay meets a turn the engine did not play or with another number of moves: the game
 * must then stop. */
static inline int choose_index(Chooser *chooser, int n) {
    int turn = chooser->turn++;
    if (chooser->policy == RANDOM) return rng_below(chooser->rng, n);
    if (turn >= chooser->turns || chooser->count[turn] != n) {
        chooser->mismatch = turn;
        chooser->own_count = n;
        return -1;
    }
    return chooser->index[turn];
}

/* A game's side of the shared main loop. */
typedef struct {
    int players;    /* scores per game */
    size_t deal_size;
    void (*read_deal)(void *deal);                 /* a deal the engine made, from stdin */
    void (*random_deal)(void *deal, Rng *rng);     /* a deal of its own, for speed runs */
    void (*play)(const void *deal, Chooser *chooser, int *scores); /* to the end */
} Reference;

static inline void usage(const char *program) {
    fprintf(stderr,
            "usage: %s greedy | replay | speed greedy|random GAMES SEED  (input on stdin)\n",
            program);
    exit(2);
}

static inline void print_scores(const int *scores, int players) {
    for (int p = 0; p < players; p++) printf(p ? " %d" : "%d", scores[p]);
    printf("\n");
}

/* Read one game's replayed turns ("T" then T pairs "n k") into the chooser. */
static inline void read_turns(Chooser *chooser) {
    chooser->turns = read_int();
    if (chooser->turns < 0 || chooser->turns > MAX_TURNS) fail("too many turns in a replay");
    for (int t = 0; t < chooser->turns; t++) {
        chooser->count[t] = read_int();
        chooser->index[t] = read_int();
        if (chooser->index[t] < 0 || chooser->index[t] >= chooser->count[t])
            fail("a replayed choice outside its count of moves");
    }
}

/* The modes of the file comment; argv[0] names the program, argv[1] the mode. */
static inline int reference_main(int argc, char **argv, const Reference *game) {
    if (argc < 2) usage(argv[0]);
    void *deal = malloc(game->deal_size);
    int scores[MAX_PLAYERS];
    Chooser chooser;
    if (!deal) fail("out of memory");
    if (!strcmp(argv[1], "greedy") || !strcmp(argv[1], "replay")) {
        int replay = !strcmp(argv[1], "replay");
        int games = read_int();
        for (int g = 0; g < games; g++) {
            game->read_deal(deal);
            chooser = (Chooser){.policy = replay ? REPLAY : GREEDY, .mismatch = -1};
            if (replay) read_turns(&chooser);
            game->play(deal, &chooser, scores);
            if (chooser.mismatch >= 0)
                printf("mismatch turn %d: engine %d moves, here %d\n", chooser.mismatch,
                       chooser.mismatch < chooser.turns ? chooser.count[chooser.mismatch] : 0,
                       chooser.own_count);
            else if (replay && chooser.turn != chooser.turns)
                printf("mismatch turn %d: engine played on, here the game is over\n",
                       chooser.turn);
            else
                print_scores(scores, game->players);
        }
    } else if (!strcmp(argv[1], "speed") && argc == 5) {
        Policy policy = !strcmp(argv[2], "greedy") ? GREEDY : RANDOM;
        if (policy == RANDOM && strcmp(argv[2], "random")) usage(argv[0]);
        long games = atol(argv[3]);
        Rng rng;
        rng_seed(&rng, strtoull(argv[4], NULL, 10));
        long long sum = 0;
        clock_t start = clock();
        for (long g = 0; g < games; g++) {
            game->random_deal(deal, &rng);
            chooser = (Chooser){.policy = policy, .rng = &rng, .mismatch = -1};
            game->play(deal, &chooser, scores);
            for (int p = 0; p < game->players; p++) sum += scores[p];
        }
        double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
        printf("games %ld cpu %.6f mean %.4f\n", games, seconds,
               games ? (double)sum / ((double)games * game->players) : 0.0);
    } else {
        usage(argv[0]);
    }
    free(deal);
    return 0;
}

#endif
