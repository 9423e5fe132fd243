/// The placeholder page's stylesheet: readable at a phone's 390 px and a desktop's width.
enum AppStyle {
    static let css = """
        :root { --ink: #222; --paper: #fffdf8; --muted: #6b6257; --accent: #b5651d; }
        body { margin: 0 auto; max-width: 40rem; padding: 1rem; font: 16px/1.5 system-ui, sans-serif;
          color: var(--ink); background: var(--paper); }
        h1 { color: var(--accent); margin-bottom: 0.25rem; }
        #status { color: var(--muted); }
        #entries { list-style: none; padding: 0; }
        #entries li { border-top: 1px solid #e6dfd3; padding: 0.75rem 0; }
        #entries h2 { font-size: 1.1rem; margin: 0.25rem 0; }
        #entries time { color: var(--muted); font-size: 0.9rem; }
        #entries p { white-space: pre-wrap; margin: 0; }

        """
}
