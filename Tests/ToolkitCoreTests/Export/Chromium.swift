import Foundation
import ToolkitTestSupport

/// Debian's Chromium, headless, as a user's browser would show a page from disk. It is driven over its
/// DevTools pipe (`--remote-debugging-pipe`, by a small Python script) rather than with `--dump-dom`, whose
/// virtual time runs ahead of a video's loading: a check that waits for a video's metadata must wait in real
/// time.
enum Chromium {
    /// The DOM of `page` once loaded and checked, with `data-images` (how many `img` elements), `data-broken`
    /// (the `src` of each that did not load), `data-videos` (how many `video` elements) and `data-video-problems`
    /// set on `body` by ``checker``, run in the page (which has no script of its own). A video's problems, each
    /// `"<first source>: <problem>"`: `no poster` (none, or it does not load as an image), `cannot play <type>`
    /// (`canPlayType` of its first source's type is empty), `no metadata` (after `load()`, neither
    /// `loadedmetadata` nor `readyState >= 1` within 30 seconds).
    /// - Parameters:
    ///   - checker: the script run in the page once loaded; ``checker`` unless another is given (``Layout``).
    ///   - width: the viewport's width in CSS pixels (a phone's 390, a laptop's 1280), 800 unless given.
    static func renderedDOM(of page: String, checker: String = checker, width: Int = 800) async throws -> RenderedDOM {
        let profile = try TemporaryDirectory()
        let result = try await runCommand(
            "/usr/bin/timeout",
            [
                "180", "python3", "-c", driver, URL(fileURLWithPath: page).absoluteString, checker, profile.path,
                String(width),
            ],
            environment: ProcessInfo.processInfo.environment.merging(["HOME": profile.path]) { $1 })
        guard result.status == 0, result.stdout.contains("</body>") else {
            throw TestFailure("chromium failed (\(result.status)): \(result.stderr.suffix(2000))")
        }
        return RenderedDOM(text: result.stdout)
    }

    static let checker = """
        (async () => {
          // The thumbnails load lazily, as they near the screen: load them all, then look.
          for (const image of document.images) image.loading = 'eager';
          await Promise.all([...document.images].map(image => image.decode().catch(() => {})));
          const broken = [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src);
          document.body.dataset.images = document.images.length;
          document.body.dataset.broken = JSON.stringify(broken);
          const videos = [...document.querySelectorAll('video')];
          const problems = [];
          for (const video of videos) {
            const sources = [...video.querySelectorAll('source')];
            const first = sources[0];
            const name = first ? first.getAttribute('src') : '(no source)';
            const poster = video.getAttribute('poster') && await new Promise(done => {
              const image = new Image();
              image.onload = () => done(image.naturalWidth > 0);
              image.onerror = () => done(false);
              image.src = video.poster;
            });
            if (!poster) problems.push(name + ': no poster');
            if (!first || video.canPlayType(first.type) === '') problems.push(name + ': cannot play ' + first?.type);
            const metadata = await new Promise(done => {
              video.addEventListener('loadedmetadata', () => done(true), {once: true});
              video.addEventListener('error', () => done(false), {once: true});
              sources.at(-1)?.addEventListener('error', () => done(video.readyState >= 1), {once: true});
              setTimeout(() => done(video.readyState >= 1), 30000);
              video.load();
            });
            if (!metadata) problems.push(name + ': no metadata');
          }
          document.body.dataset.videos = videos.length;
          document.body.dataset.videoProblems = JSON.stringify(problems);
        })()
        """

    /// Opens argv[1] (a `file:` URL) in headless Chromium over the DevTools pipe (fd 3 to Chromium, fd 4 from it,
    /// NUL-separated JSON) in a viewport argv[4] CSS pixels wide (a phone's below 600), waits for it to load,
    /// awaits the expression argv[2], and prints the page's HTML; argv[3] is the profile directory.
    static let driver = #"""
        import json, os, subprocess, sys, time
        page, expression, profile, width = sys.argv[1:4] + [int(sys.argv[4])]
        commands_end, to_chromium = os.pipe()
        from_chromium, replies_end = os.pipe()
        def pipes():  # Chromium's fds 3 and 4, inheritable; dup first, as the pipes may be 3 and 4 already
            commands, replies = os.dup(commands_end), os.dup(replies_end)
            os.dup2(commands, 3)
            os.dup2(replies, 4)
        chromium = subprocess.Popen(
            ['chromium', '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--user-data-dir=' + profile,
             '--remote-debugging-pipe', 'about:blank'],
            preexec_fn=pipes, close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(commands_end)
        os.close(replies_end)
        pending, last = b'', 0
        def call(method, params={}, session=None):
            global pending, last
            last += 1
            message = {'id': last, 'method': method, 'params': params}
            if session:
                message['sessionId'] = session
            os.write(to_chromium, json.dumps(message).encode() + b'\0')
            while True:
                while b'\0' not in pending:
                    chunk = os.read(from_chromium, 1 << 16)
                    if not chunk:
                        sys.exit('chromium closed its pipe')
                    pending += chunk
                line, pending = pending.split(b'\0', 1)
                reply = json.loads(line)
                if reply.get('id') == last:
                    if 'error' in reply:
                        raise RuntimeError(method + ': ' + json.dumps(reply['error']))
                    return reply['result']
        def evaluate(session, text):
            options = {'expression': text, 'awaitPromise': True, 'returnByValue': True}
            result = call('Runtime.evaluate', options, session)
            if 'exceptionDetails' in result:
                raise RuntimeError(json.dumps(result['exceptionDetails']))
            return result['result'].get('value')
        try:
            target = call('Target.createTarget', {'url': 'about:blank'})['targetId']
            session = call('Target.attachToTarget', {'targetId': target, 'flatten': True})['sessionId']
            call('Emulation.setDeviceMetricsOverride',
                 {'width': width, 'height': 844 if width < 600 else 800, 'deviceScaleFactor': 1, 'mobile': width < 600},
                 session)
            call('Page.navigate', {'url': page}, session)
            started, state = time.monotonic(), ''
            while state != 'file: complete':
                if time.monotonic() - started > 60:
                    sys.exit('the page did not load: ' + state)
                time.sleep(0.05)
                try:  # the context goes away while the page replaces about:blank
                    state = evaluate(session, 'location.protocol + " " + document.readyState')
                except RuntimeError as error:
                    state = str(error)
            evaluate(session, expression)
            print(evaluate(session, 'document.documentElement.outerHTML'))
        finally:
            try:
                call('Browser.close')
            except BaseException:
                chromium.kill()
            chromium.wait()
        """#

    struct RenderedDOM {
        var text: String

        /// The value of `body`'s attribute `name`, entities decoded.
        func attribute(_ name: String) -> String? {
            guard let start = text.range(of: " \(name)=\"") else { return nil }
            let rest = text[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end]).replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
    }
}
