int main(void) {
    int while = 1;
    return while;
}
