# Writes INPUT's text into OUTPUT as a C++ string the model returns from builtinCatalogText().
file(READ ${INPUT} text)
# Split into chunks: compilers limit the length of one string literal.
string(LENGTH "${text}" len)
set(body "")
set(pos 0)
while(pos LESS len)
  string(SUBSTRING "${text}" ${pos} 8000 chunk)
  string(APPEND body "    R\"cpcat(${chunk})cpcat\"\n")
  math(EXPR pos "${pos} + 8000")
endwhile()
file(WRITE ${OUTPUT} "// Generated from ${INPUT}; do not edit.\n#include <string>\nnamespace cp {\nconst std::string &builtinCatalogText()\n{\n    static const std::string text = std::string(\n${body}    );\n    return text;\n}\n} // namespace cp\n")
