int none(void);
int main(void) { return none(); }
int none(extra) { return 0; }
