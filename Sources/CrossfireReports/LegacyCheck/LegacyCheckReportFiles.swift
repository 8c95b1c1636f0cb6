import Crossfire
import FirestoreJSON

/// Writes a `LegacyMapperCheck` report's two files, `legacy-check.json` and
/// `legacy-check.html`, into a folder, each atomically (`AtomicFile`): for a team's CI to keep
/// as artifacts next to its test log.
public enum LegacyCheckReportFiles {
    /// Writes both files into `directory` (created when missing).
    /// - Throws: `ReportWriteError` naming the file or folder that could not be written.
    @discardableResult
    public static func write(_ report: LegacyCheckReport, to directory: String) throws(ReportWriteError) -> ReportFiles.Written {
        try ReportFiles.write(named: "legacy-check", to: directory,
                              json: { () throws(FirestoreJSONError) in try LegacyCheckJSON.bytes(of: report) },
                              html: { LegacyCheckHTML.page(of: report) })
    }
}
