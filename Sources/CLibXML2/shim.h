#ifndef LIFELINT_CLIBXML2_SHIM_H
#define LIFELINT_CLIBXML2_SHIM_H

#include <libxml/xmlreader.h>
#include <libxml/xmlversion.h>

/// `xmlFree` is a global function-pointer variable, which Swift 6 rejects as
/// not concurrency-safe; calling it through this function keeps strict mode.
static inline void lifelint_xmlFree(void *pointer) {
    xmlFree(pointer);
}

#endif
