/// The placeholder page: the app's shell until the screens come (issue 34). It loads ``AppScript`` as a module
/// and ``AppStyle``; there is no inline script or style, as the Content Security Policy requires.
enum IndexPage {
    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Pet diary</title>
        <link rel="stylesheet" href="/app.css">
        <script type="module" src="/app.js"></script>
        </head>
        <body>
        <header><h1>Pet diary</h1><p id="status" role="status">Opening the diary…</p></header>
        <main><ol id="entries"></ol></main>
        </body>
        </html>

        """
}
