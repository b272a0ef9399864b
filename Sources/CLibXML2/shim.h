// libxml2 (Debian's libxml2-dev, pkg-config libxml-2.0): the SAX2 push parser the XML route readers
// drive directly. Only Sources/RouteKit/Formats imports it.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and encoding.h then includes ICU's <unicode/ucnv.h>, whose types clash
// with the copy of ICU inside Foundation. Nothing here uses the ICU converter fields (only pointers to
// the structs that hold them), so the include is left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/dict.h>
