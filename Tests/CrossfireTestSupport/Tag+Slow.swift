import Testing

extension Tag {
    /// Suites that run whole campaigns (thousands of cases) or the built tool over whole runs:
    /// the bulk of a debug build's test time. Each also carries `.skippedWhenQuick`, because this
    /// toolchain's `swift test` cannot filter by tag (`--filter` and `--skip` match names only).
    @Tag public static var slow: Self
}
