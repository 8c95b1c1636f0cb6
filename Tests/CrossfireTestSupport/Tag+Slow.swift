import Testing

extension Tag {
    /// Suites that took 20 s or more of a debug build's test run, measured one suite at a time
    /// (campaigns of thousands of cases, isolated runs that wait out hang timeouts): about half
    /// of the suite's time. Each also carries `.skippedWhenQuick`, because this
    /// toolchain's `swift test` cannot filter by tag (`--filter` and `--skip` match names only).
    @Tag package static var slow: Self
}
