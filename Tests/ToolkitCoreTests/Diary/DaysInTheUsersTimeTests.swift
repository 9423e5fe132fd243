import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// A moment's day is the local day where it was lived: the offset its file recorded, else the diary's time zone
/// (config `timeZone`). The calendar, `from`/`to`, the CLI and `diary add --video` agree on it.
struct DaysInTheUsersTimeTests {
    /// A core whose diary is in `zone`, on `dataDirectory` when given (to restart on what another left).
    private static func core(in zone: String, dataDirectory: String? = nil) throws -> (CoreProcess, TemporaryDirectory)
    {
        let scratch = try TemporaryDirectory()
        let config = try scratch.write("config.json", Array(#"{"timeZone": "\#(zone)"}"#.utf8))
        let core = try CoreProcess(extraArguments: ["--config", config, "--no-plugins"], dataDirectory: dataDirectory)
        return (core, scratch)
    }

    /// A clip whose container says when it was made: `creationTime` (UTC, mvhd) and, when given, the phone's
    /// local time with its offset (QuickTime's `com.apple.quicktime.creationdate`).
    private static func clip(
        _ name: String, creationTime: String, phoneTime: String? = nil, in files: TemporaryDirectory
    ) async throws -> String {
        let phone = phoneTime.map {
            ["-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.creationdate=\($0)"]
        }
        return try await TestClip.make(
            name,
            arguments: [
                "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "0.5", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "-metadata", "creation_time=\(creationTime)",
            ] + (phone ?? []),
            in: files)
    }

    @Test(arguments: [
        ("Asia/Seoul", "2024-05-10", "2024-05-10T08:30:00+09:00"),
        ("America/Los_Angeles", "2024-05-09", "2024-05-09T16:30:00-07:00"),
        ("UTC", "2024-05-09", "2024-05-09T23:30:00+00:00"),
    ])
    func aClipFilmedAt0830InSeoulIsOnThatDayInEveryZone(zone: String, zoneDay: String, zoneLocal: String)
        async throws
    {
        let (core, _) = try Self.core(in: zone)
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        // The same instant twice: once with the phone's offset, once with only the container's UTC time.
        let phone = try await Self.clip(
            "phone.mp4", creationTime: "2024-05-09T23:30:00Z", phoneTime: "2024-05-10T08:30:00+0900", in: files)
        let plain = try await Self.clip("plain.mp4", creationTime: "2024-05-09T23:30:00Z", in: files)
        let album = try await client.call(AlbumsCreate.self, .init(title: "산책"))
        let fromPhone = try await client.call(PhotosImport.self, .init(albumId: album.id, path: phone))
        let fromPlain = try await client.call(PhotosImport.self, .init(albumId: album.id, path: plain))

        #expect(try await client.call(SystemInfo.self).timeZone == zone)
        #expect(fromPhone.takenAt.hasPrefix("2024-05-09T23:30:00"))
        #expect(fromPhone.takenOffset == "+09:00" && fromPhone.takenDay == "2024-05-10")
        #expect(fromPhone.takenAtLocal == "2024-05-10T08:30:00+09:00")
        #expect(fromPlain.takenOffset == nil && fromPlain.takenDay == zoneDay && fromPlain.takenAtLocal == zoneLocal)
        #expect(fromPlain.takenAtSource == "container")

        // The calendar and a day's from/to put each where its day is.
        let may = try await client.call(DiaryCalendar.self, .init(year: 2024, month: 5))
        var expected = ["2024-05-10": 1]
        expected[zoneDay, default: 0] += 1
        #expect(Dictionary(uniqueKeysWithValues: may.days.map { ($0.date, $0.photos) }) == expected)
        let onThe10th = try await client.call(PhotosList.self, .init(from: "2024-05-10", to: "2024-05-10")).items
        #expect(Set(onThe10th.map(\.id)) == Set([fromPhone.id] + (zoneDay == "2024-05-10" ? [fromPlain.id] : [])))

        let listedOnThe10th = try await runToolkit(
            ["photos", "list", "--from", "2024-05-10", "--to", "2024-05-10", "--socket", core.socketPath])
        #expect(listedOnThe10th.stdout.contains(fromPhone.id), "\(listedOnThe10th.stdout)")
        #expect(listedOnThe10th.stdout.contains(fromPlain.id) == (zoneDay == "2024-05-10"))

        // An entry made with the clip is dated by it, and says so.
        let added = try await runToolkit(
            ["diary", "add", "--title", "아침 산책", "--album", "산책", "--video", phone, "--socket", core.socketPath])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("Dated 2024-05-10, the day phone.mp4 was recorded"), "\(added.stderr)")
        let entry = try await client.call(DiaryGet.self, .init(id: added.stdout.trimmingCharacters(in: .newlines)))
        #expect(entry.date == "2024-05-10")

        // --date still wins, and the CLI's TAKEN column shows the local time.
        let dated = try await runToolkit(
            [
                "diary", "add", "--title", "x", "--date", "2024-06-01", "--photo", fromPlain.id, "--socket",
                core.socketPath,
            ])
        #expect(dated.status == 0 && !dated.stderr.contains("Dated"), "\(dated.stderr)")
        let listed = try await runToolkit(["photos", "list", "--album", "산책", "--socket", core.socketPath])
        #expect(listed.stdout.contains("2024-05-10 08:30"), "\(listed.stdout)")
        #expect(listed.stdout.contains(zoneLocal.prefix(10) + " " + zoneLocal.dropFirst(11).prefix(5)))
    }

    @Test func daysFollowLosAngelesClocksAcrossTheSpringChange() async throws {
        let (core, _) = try Self.core(in: "America/Los_Angeles")
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let files = try TemporaryDirectory()
        let album = try await client.call(AlbumsCreate.self, .init(title: "Walks"))
        // 10 March 2024, 2 a.m. PST: clocks went to 3 a.m. PDT.
        let moments = [
            ("2024-03-10T07:30:00Z", "2024-03-09T23:30:00-08:00"),
            ("2024-03-10T09:30:00Z", "2024-03-10T01:30:00-08:00"),
            ("2024-03-10T10:30:00Z", "2024-03-10T03:30:00-07:00"),
            ("2024-03-11T06:30:00Z", "2024-03-10T23:30:00-07:00"),
        ]
        for (index, (instant, local)) in moments.enumerated() {
            let path = try await Self.clip("clip\(index).mp4", creationTime: instant, in: files)
            let video = try await client.call(PhotosImport.self, .init(albumId: album.id, path: path))
            #expect(video.takenAtLocal == local, "\(instant)")
            #expect(video.takenDay == String(local.prefix(10)))
        }
        let march = try await client.call(DiaryCalendar.self, .init(year: 2024, month: 3))
        #expect(march.days.map(\.date) == ["2024-03-09", "2024-03-10"])
        #expect(march.days.map(\.photos) == [1, 3])
        let tenth = try await client.call(PhotosList.self, .init(from: "2024-03-10", to: "2024-03-10")).items
        #expect(tenth.count == 3)
    }

    @Test func anotherTimeZoneCutsTheDaysWithoutARecordedOffsetAgain() async throws {
        let files = try TemporaryDirectory()
        let phone = try await Self.clip(
            "phone.mp4", creationTime: "2024-05-09T23:30:00Z", phoneTime: "2024-05-10T08:30:00+0900", in: files)
        let plain = try await Self.clip("plain.mp4", creationTime: "2024-05-09T23:30:00Z", in: files)
        let (seoul, _) = try Self.core(in: "Asia/Seoul")
        let client = try await RPCClient.connect(to: seoul.socketPath)
        let album = try await client.call(AlbumsCreate.self, .init(title: "산책"))
        let fromPhone = try await client.call(PhotosImport.self, .init(albumId: album.id, path: phone))
        let fromPlain = try await client.call(PhotosImport.self, .init(albumId: album.id, path: plain))
        #expect(fromPlain.takenDay == "2024-05-10")
        await client.close()
        #expect(seoul.stop() == 0)

        let (utc, _) = try Self.core(in: "UTC", dataDirectory: seoul.dataDirectory)
        defer { _ = utc.stop() }
        let again = try await RPCClient.connect(to: utc.socketPath)
        defer { Task { await again.close() } }
        #expect(try await again.call(PhotosGet.self, .init(id: fromPlain.id)).takenDay == "2024-05-09")
        #expect(try await again.call(PhotosGet.self, .init(id: fromPhone.id)).takenDay == "2024-05-10")
        let json = try await runToolkit(["photos", "list", "--album", "산책", "--json", "--socket", utc.socketPath])
        #expect(json.stdout.contains(#""takenAtLocal":"2024-05-09T23:30:00+00:00""#), "\(json.stdout)")
    }

    @Test func aTimeZoneThatIsNotOneStopsTheCoreNamingIt() async throws {
        let scratch = try TemporaryDirectory()
        let config = try scratch.write("config.json", Array(#"{"timeZone": "Seoul"}"#.utf8))
        let data = try TemporaryDirectory()
        let serve = try await runToolkit(
            [
                "serve", "--config", config, "--no-plugins", "--socket", data.appending("s.sock"), "--data-dir",
                data.appending("data"),
            ])
        #expect(serve.status != 0)
        #expect(serve.stderr.contains("timeZone 'Seoul' is not a time zone"), "\(serve.stderr)")
    }

    @Test func anEntryDatedWithATimeAndOffsetIsOnItsLocalDay() async throws {
        let (core, _) = try Self.core(in: "UTC")
        defer { _ = core.stop() }
        let client = try await RPCClient.connect(to: core.socketPath)
        defer { Task { await client.close() } }
        let entry = try await client.call(
            DiaryCreate.self, .init(title: "새벽", body: "", date: "2024-05-10T01:00:00+09:00"))
        #expect(entry.date == "2024-05-10")
        let refused = try await runToolkit(
            ["call", "diary.create", #"{"title": "x", "body": "", "date": "10 May"}"#, "--socket", core.socketPath])
        #expect(refused.status != 0 && refused.stderr.contains("RFC 3339 time with its offset"), "\(refused.stderr)")
    }
}
