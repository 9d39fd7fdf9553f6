// expect: unsafe
// Arrays of structs (issue #20): a helper updates the element a pointer into the array points to
// (&ledger[k], p->balance); the claim that every balance stays below 100 fails for the inputs
// that put the deposit into the second account.
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assert(int);

struct Account { unsigned id; int balance; };

static struct Account ledger[3] = {{1, 10}, {2, 90}, {3, 0}};

static void deposit(struct Account *p, int amount) {
    p->balance += amount;
}

int main(void) {
    unsigned int k = __VERIFIER_nondet_uint() % 3;
    unsigned int amount = __VERIFIER_nondet_uint() % 20;
    deposit(&ledger[k], (int) amount);
    for (unsigned int i = 0; i < 3; i++) {
        __VERIFIER_assert(ledger[i].balance < 100);
    }
    return 0;
}
