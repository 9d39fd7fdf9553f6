void log_message(const char *message, int level) { }
int main(void) {
    log_message("starting", 1);
    return 0;
}
