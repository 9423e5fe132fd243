// CFuzzer only declares libFuzzer's driver (include/CFuzzer.h); SwiftPM needs a source file in a C target.
