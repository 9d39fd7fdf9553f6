int helper(void) { return missing; }
int main(void) { return 0; }
