import ChildProcesses
import Foundation
import JSONRPC
import Testing
import ToolkitAPI
import ToolkitTestSupport
import ToolkitCoreTesting

/// Plugins/markdown-export: `export.markdown` writes a month per file from what it reads over the core's
/// socket, with the photos' bytes beside, and the same bytes again on a second run.
struct MarkdownExportTests {
    @Test func exportsEachMonthWithItsEntriesAndPhotos() async throws {
        try await withCore(.socket) { core in
            let files = try TemporaryDirectory()
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "보리"))
            let album = try await client.call(AlbumsCreate.self, .init(title: "산책", petId: pet.id))
            let redPath = files.appending("red.png")
            let bluePath = files.appending("blue.jpg")
            try await makeImage(redPath, source: "color=red:size=16x8")
            try await makeImage(bluePath, source: "color=blue:size=32x16")
            let red = try await client.call(PhotosImport.self, .init(albumId: album.id, path: redPath))
            let blue = try await client.call(PhotosImport.self, .init(albumId: album.id, path: bluePath))
            let walk = try await client.call(
                DiaryCreate.self,
                .init(
                    title: "산책", body: "공원에서 #walk #Park", date: "2024-05-03", petId: pet.id,
                    photoIds: [red.id], favorite: true))
            let morning = try await client.call(
                DiaryCreate.self, .init(title: "Morning \"nap\"", body: "sleepy", date: "2024-05-01"))
            let bath = try await client.call(
                DiaryCreate.self,
                .init(
                    title: "Bath", body: "splash #bath", date: "2024-06-10", petId: pet.id, photoIds: [red.id, blue.id])
            )
            await client.close()

            let plugin = try await startPlugin(
                shippedPlugin("markdown-export"), socket: core.socketPath, dataDirectory: core.dataDirectory)
            let out = files.appending("export")
            let result = try await plugin.call("export.markdown", ["dir": .string(out)])
            #expect(members(result) == ["dir": .string(out), "files": 2, "entries": 3, "photos": 2])

            let redName = "\(red.sha256).png"
            let blueName = "\(blue.sha256).jpg"
            #expect(
                Set(files.listing("export")) == [
                    "2024-05.md", "2024-06.md", "photos", "photos/\(redName)", "photos/\(blueName)",
                ])
            #expect(contents(out + "/photos/" + redName) == contents(redPath))
            #expect(contents(out + "/photos/" + blueName) == contents(bluePath))

            let may = """
                ---
                month: "2024-05"
                entries:
                  - id: "\(morning.id)"
                    title: "Morning \\"nap\\""
                    date: 2024-05-01
                    pet: null
                    tags: []
                    favorite: false
                  - id: "\(walk.id)"
                    title: "산책"
                    date: 2024-05-03
                    pet: "보리"
                    tags: ["walk", "park"]
                    favorite: true
                ---

                # 2024-05

                ## Morning "nap"

                *2024-05-01*

                sleepy

                ## ★ 산책

                *2024-05-03 · 보리*

                공원에서 #walk #Park

                ![red.png](photos/\(redName))

                """
            let june = """
                ---
                month: "2024-06"
                entries:
                  - id: "\(bath.id)"
                    title: "Bath"
                    date: 2024-06-10
                    pet: "보리"
                    tags: ["bath"]
                    favorite: false
                ---

                # 2024-06

                ## Bath

                *2024-06-10 · 보리*

                splash #bath

                ![red.png](photos/\(redName))

                ![blue.jpg](photos/\(blueName))

                """
            #expect(String(decoding: contents(out + "/2024-05.md") ?? [], as: UTF8.self) == may)
            #expect(String(decoding: contents(out + "/2024-06.md") ?? [], as: UTF8.self) == june)

            // Again: the same answer, the same files, the same bytes.
            let before = try snapshot(of: out)
            let again = try await plugin.call("export.markdown", ["dir": .string(out)])
            #expect(members(again) == members(result))
            #expect(try snapshot(of: out) == before)
            await plugin.stop()
        }
    }

    @Test func aNarrowerExportRewritesItsMonthsAndLeavesTheOthersAlone() async throws {
        try await withCore(.socket) { core in
            let files = try TemporaryDirectory()
            let client = try await core.rpcClient()
            let pet = try await client.call(PetsCreate.self, .init(name: "Mochi"))
            _ = try await client.call(DiaryCreate.self, .init(title: "Old", body: "first", date: "2024-05-01"))
            _ = try await client.call(
                DiaryCreate.self, .init(title: "Mine", body: "only Mochi", date: "2024-06-02", petId: pet.id))
            _ = try await client.call(DiaryCreate.self, .init(title: "Other", body: "no pet", date: "2024-06-03"))
            await client.close()

            let plugin = try await startPlugin(
                shippedPlugin("markdown-export"), socket: core.socketPath, dataDirectory: core.dataDirectory)
            let out = files.appending("export")
            _ = try await plugin.call("export.markdown", ["dir": .string(out)])
            let may = contents(out + "/2024-05.md")

            let result = try await plugin.call(
                "export.markdown", ["dir": .string(out), "petId": .string(pet.id), "from": "2024-06-01"])
            #expect(members(result) == ["dir": .string(out), "files": 1, "entries": 1, "photos": 0])
            #expect(contents(out + "/2024-05.md") == may)
            let june = String(decoding: contents(out + "/2024-06.md") ?? [], as: UTF8.self)
            #expect(june.contains("## Mine"))
            #expect(!june.contains("## Other"))
            await plugin.stop()
        }
    }

    @Test func badParamsAndCoreErrorsAreAnsweredAsErrors() async throws {
        try await withCore(.socket) { core in
            let plugin = try await startPlugin(
                shippedPlugin("markdown-export"), socket: core.socketPath, dataDirectory: core.dataDirectory)
            do {
                _ = try await plugin.call("export.markdown", ["dir": "relative/dir"])
                Issue.record("a relative dir was taken")
            } catch {
                #expect(errorCode(error) == -32602)
            }
            let out = try TemporaryDirectory()
            do {
                _ = try await plugin.call(
                    "export.markdown", ["dir": .string(out.path), "petId": "00000000-0000-0000-0000-000000000000"])
                Issue.record("an unknown pet was exported")
            } catch {
                #expect(errorCode(error) == -32001)
            }
            do {
                _ = try await plugin.call("no.such")
                Issue.record("an unknown method was answered")
            } catch {
                #expect(errorCode(error) == -32601)
            }
            let (termination, killed) = await plugin.stop()
            #expect(termination == .exited(0) && !killed)
        }
    }

    /// Every file under `directory` with its bytes.
    private func snapshot(of directory: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[relative] = contents(directory + "/" + relative)
            }
        }
        return files
    }
}
