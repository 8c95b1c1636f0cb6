import FirestoreJSON

/// A journal's `summary` line as the reports take it (see `JournalFormat`): the run's totals,
/// how long it ran and how it stopped. Its classes' parts (`occurrences`, `classes`) go to the
/// journal's classes (`JournalClass`).
package struct JournalSummary: Sendable {
    /// What the cases added up to.
    package var totals: CampaignTotals
    /// How long the run took, in seconds.
    package var elapsedSeconds: Double
    /// Whether a stop request (Ctrl-C) ended it before its limits.
    package var interrupted: Bool
    /// The line it was read from (1-based).
    package var line: Int

    /// The summary a `summary` line's members hold.
    /// - Throws: `JSONObjectError` naming the member that is missing or malformed.
    init(reading object: JSONObject, line: Int) throws(JSONObjectError) {
        let stopped = try object.string("stopped")
        guard stopped == "completed" || stopped == "interrupted" else {
            throw object.error(at: "stopped", "expected \"completed\" or \"interrupted\", found \(JSONObject.quoted(stopped))")
        }
        totals = try CampaignTotals(reading: object)
        elapsedSeconds = try object.number("elapsedSeconds")
        interrupted = stopped == "interrupted"
        self.line = line
    }
}
