import Archiving
import Audio
import JSONRPC
import Media
import PetDiary
import Sharing
import Testing
import ToolkitCore

/// What a client sees for the domain's errors: the wire text of each mapping in `Errors/`.
struct ErrorMappingTests {
    private func wire(_ error: some RPCErrorConvertible) -> String {
        let rpc = error.rpcError
        return "\(rpc.code.rawValue) \(rpc.message) \(rpc.data?.text ?? "-")"
    }

    @Test func aHookRejectionIsInvalidParamsWithTheHooksMessage() {
        let error = DiaryError(.rejected, "No GIFs in this diary; send a JPEG.", hook: "photo.beforeImport")
        #expect(
            wire(error)
                == #"-32602 No GIFs in this diary; send a JPEG. {"reason":"rejected","hook":"photo.beforeImport"}"#)
    }

    @Test func validationNamesItsFieldAndGivesAReasonOnlyWhenItHasOne() {
        let stored = DiaryError(
            .invalid, "title is 16 characters; the limit is 15.", field: "title", limit: 15, length: 16,
            reason: "title is 16 characters; the limit is 15.")
        #expect(
            wire(stored)
                == #"-32602 title is 16 characters; the limit is 15. {"field":"title","reason":"title is 16 "#
                + #"characters; the limit is 15.","limit":15,"length":16}"#
        )
        let relative = DiaryError(.invalid, "path 'a.jpg' is relative.", field: "path")
        #expect(wire(relative) == #"-32602 path 'a.jpg' is relative. {"field":"path"}"#)
    }

    @Test func mediaErrorsNameTheirFieldAndAnIOFailureIsInternal() {
        let notMedia = MediaError(.notMedia, "not a photo", reason: "unknown-format", field: "data")
        #expect(wire(notMedia) == #"-32602 not a photo {"field":"data","reason":"unknown-format"}"#)
        #expect(wire(MediaError(.io, "disk full", field: "path")).hasPrefix("-32603 "))
    }

    @Test func aDeviceErrorIsMinus32006WithTheDeviceAndALSAsText() {
        let error = AudioError(
            .device, "ALSA device \"nosuchdevice\": cannot open it for playback: No such file or directory",
            device: "nosuchdevice", alsaErrorNumber: -2, alsaError: "No such file or directory")
        #expect(
            wire(error)
                == #"-32006 ALSA device "nosuchdevice": cannot open it for playback: No such file or directory "#
                + #"{"device":"nosuchdevice","alsaError":"No such file or directory"}"#)
        #expect(wire(AudioError(.malformedFile, "the stored WAV is broken")).hasPrefix("-32603 "))
    }

    @Test func archiveErrorsAreBadArchiveWithEntryAndReasonCancelledOrInternal() {
        let mismatch = ArchiveError(
            .verificationFailed, "media/a.jpg does not match", entry: "media/a.jpg", reason: "sha256-mismatch")
        #expect(
            wire(mismatch) == #"-32007 media/a.jpg does not match {"entry":"media/a.jpg","reason":"sha256-mismatch"}"#)
        #expect(wire(ArchiveError(.cancelled, "cancelled")).hasPrefix("-32005 cancelled"))
        #expect(wire(ArchiveError(.io, "disk full")).hasPrefix("-32603 "))
    }

    @Test func sharingRefusalsKeepTheirCodeFieldAndData() {
        let relative = SharingError(.invalid, "to 'a' is relative; give an absolute directory.", field: "to")
        #expect(wire(relative) == #"-32602 to 'a' is relative; give an absolute directory. {"field":"to"}"#)
        let missing = SharingError(
            .notFound, "There is no archive file at /a.tar.zst; see toolkit archive list.", kind: "archive",
            id: "/a.tar.zst")
        #expect(
            wire(missing)
                == #"-32001 There is no archive file at /a.tar.zst; see toolkit archive list. "#
                + #"{"kind":"archive","id":"/a.tar.zst"}"#)
        let denied = SharingError(.permissionDenied, "The core may not write into /r.", path: "/r")
        #expect(wire(denied) == #"-32003 The core may not write into /r. {"path":"/r"}"#)
        #expect(
            wire(BackupLockHeld(directory: "/b"))
                == #"-32002 Another archive run holds the lock on /b; try again when it has finished (or pass "#
                + #"--wait). {"reason":"locked","path":"/b"}"#)
    }
}
