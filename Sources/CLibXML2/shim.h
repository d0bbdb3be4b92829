#ifndef LIFELINT_CLIBXML2_SHIM_H
#define LIFELINT_CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU, and <libxml/encoding.h> then includes ICU's headers,
 * which clash with the copy Foundation carries (_FoundationICU) when both are imported.
 * lifelint never touches libxml2's ICU converters (only pointers to encoding handlers cross
 * this boundary), so the ICU part of the headers is left out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

/// `xmlFree` is a global function-pointer variable, which Swift 6 rejects as
/// not concurrency-safe; calling it through this function keeps strict mode.
static inline void lifelint_xmlFree(void *pointer) {
    xmlFree(pointer);
}

#endif
