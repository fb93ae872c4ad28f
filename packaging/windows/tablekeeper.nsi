; Tablekeeper's Windows installer, built on Linux by Debian's `makensis` (`./tk windows`).
;
; Per user, no administrator rights: the program goes to %LOCALAPPDATA%\Programs\Tablekeeper,
; the Start-menu entry and the .tkevent file type to the user's own profile and registry
; (HKCU). The uninstaller removes the program and nothing else: the shop's events
; (Documents\Tablekeeper), backups and settings (%APPDATA%) stay. `/S` installs and
; uninstalls silently. The words of the wizard follow Windows' language (the app's eight).
;
; makensis -DVERSION=0.1.0 -DSTAGE=<folder with the files> -DOUT=<setup.exe> tablekeeper.nsi

Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!ifndef VERSION
  !error "makensis -DVERSION=x.y.z"
!endif
!ifndef STAGE
  !error "makensis -DSTAGE=<folder holding the files to install>"
!endif
!ifndef OUT
  !define OUT "Tablekeeper-${VERSION}-setup.exe"
!endif

!define PRODUCT "Tablekeeper"
!define APP_EXE "tablekeeper-app.exe"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Tablekeeper"
!define PROG_ID "Tablekeeper.Event"

Name "${PRODUCT}"
OutFile "${OUT}"
InstallDir "$LOCALAPPDATA\Programs\Tablekeeper"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
Icon "${STAGE}\icon.ico"
UninstallIcon "${STAGE}\icon.ico"
BrandingText "${PRODUCT} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${PRODUCT} ${VERSION} setup"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!include "MUI2.nsh"
!define MUI_ICON "${STAGE}\icon.ico"
!define MUI_UNICON "${STAGE}\icon.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${APP_EXE}"
!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_LICENSE "${STAGE}\LICENSE.txt"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
; The wizard follows Windows' display language among the app's eight (docs/languages.md).
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "Japanese"
!insertmacro MUI_LANGUAGE "French"
!insertmacro MUI_LANGUAGE "German"
!insertmacro MUI_LANGUAGE "Spanish"
!insertmacro MUI_LANGUAGE "Italian"
!insertmacro MUI_LANGUAGE "Korean"
!insertmacro MUI_LANGUAGE "TradChinese"

; Tells Explorer that file types changed (the .tkevent icon and double-click).
!macro RefreshFileTypes
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
!macroend

Section "Tablekeeper" Main
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "${STAGE}\${APP_EXE}"
  File "${STAGE}\tablekeeper.exe"
  File "${STAGE}\WebView2Loader.dll"
  File "${STAGE}\icon.ico"
  File "${STAGE}\LICENSE.txt"
  File "${STAGE}\THIRD-PARTY-LICENSES.txt"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortCut "$SMPROGRAMS\${PRODUCT}.lnk" "$INSTDIR\${APP_EXE}" "" "$INSTDIR\icon.ico" 0

  ; .tkevent: double-click opens the event in the app, with the app's icon.
  WriteRegStr HKCU "Software\Classes\.tkevent" "" "${PROG_ID}"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}" "" "Tablekeeper event"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\DefaultIcon" "" "$INSTDIR\icon.ico,0"
  WriteRegStr HKCU "Software\Classes\${PROG_ID}\shell\open\command" "" '"$INSTDIR\${APP_EXE}" "%1"'
  !insertmacro RefreshFileTypes

  ; "Apps & features".
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PRODUCT}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\icon.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${SIZE_KB}
SectionEnd

Section "Uninstall"
  ; Only what the installer put here: never the shop's events, backups or settings.
  Delete "$INSTDIR\${APP_EXE}"
  Delete "$INSTDIR\tablekeeper.exe"
  Delete "$INSTDIR\WebView2Loader.dll"
  Delete "$INSTDIR\icon.ico"
  Delete "$INSTDIR\LICENSE.txt"
  Delete "$INSTDIR\THIRD-PARTY-LICENSES.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${PRODUCT}.lnk"

  ; The file type only while it is still ours (another program may have taken .tkevent).
  ReadRegStr $0 HKCU "Software\Classes\.tkevent" ""
  StrCmp $0 "${PROG_ID}" 0 +2
    DeleteRegKey HKCU "Software\Classes\.tkevent"
  DeleteRegKey HKCU "Software\Classes\${PROG_ID}"
  !insertmacro RefreshFileTypes
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
SectionEnd
