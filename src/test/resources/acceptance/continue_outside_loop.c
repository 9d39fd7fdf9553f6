int main(void) {
    switch (1) { case 1: continue; }
    return 0;
}
