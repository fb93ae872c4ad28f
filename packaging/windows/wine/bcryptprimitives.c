/* A test aid for running Tablekeeper's Windows builds under Wine 8, never shipped.
 *
 * Rust's standard library takes its random numbers from ProcessPrng in
 * bcryptprimitives.dll, which Windows 10 and 11 have and Wine 8 lacks, so every .exe fails
 * to start there (c0000135). This DLL, placed beside the .exe under test, answers
 * ProcessPrng from RtlGenRandom (advapi32's SystemFunction036), which Wine has. */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!RtlGenRandom(data, chunk)) {
            return FALSE;
        }
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
