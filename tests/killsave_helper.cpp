// Saves a project over and over until it is killed: the victim of tests/test_killsave.cpp.
// Usage: killsave_helper FILE GPUS
// Writes "r" on stdout when ready, then "s" before and "d" after every save (unbuffered), so the
// test knows how many saves committed and whether it killed one mid-way. Save i writes design A
// when i is even, B when odd (tests/killsave.h).

#include "killsave.h"
#include "model/io/projectfile.h"

#include <unistd.h>

#include <cstdlib>
#include <string>

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    const std::string path = argv[1];
    const cp::Catalog &catalog = cp::Catalog::builtin();
    const auto [a, b] = cptest::killSaveDesigns(catalog, std::atoll(argv[2]));
    const auto say = [](char c) { return ::write(STDOUT_FILENO, &c, 1) == 1; };
    if (!say('r'))
        return 1;
    for (long i = 0;; ++i) {
        say('s');
        cp::ProjectFile::save(path, i % 2 == 0 ? a : b, catalog, "killsave", "save " + std::to_string(i));
        say('d');
    }
}
