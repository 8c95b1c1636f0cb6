import FirestoreJSON

extension ShrinkSummary {
    /// The summary as the journal's `shrunk` line and a worker's `shrunk` event write it:
    /// `choicesBefore`, `choicesAfter`, `steps`, `attempts`, `stop` (`exhausted`,
    /// `attemptBudget`, `timeBudget`).
    package var json: JSONText {
        .object([
            ("choicesBefore", .integer(choicesBefore)), ("choicesAfter", .integer(choicesAfter)),
            ("steps", .integer(steps)), ("attempts", .integer(attempts)), ("stop", .string(stop.rawValue)),
        ])
    }

    /// A summary read back from its `json` form.
    /// - Throws: `JSONObjectError` naming the member that is missing or malformed.
    package init(reading object: JSONObject) throws(JSONObjectError) {
        self.init(choicesBefore: Int(try object.integer("choicesBefore")), choicesAfter: Int(try object.integer("choicesAfter")),
                  steps: Int(try object.integer("steps")), attempts: Int(try object.integer("attempts")),
                  stop: try object.name("stop", of: ShrinkStop.self))
    }
}
