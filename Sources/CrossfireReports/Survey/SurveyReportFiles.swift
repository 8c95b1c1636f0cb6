import Crossfire
import FirestoreJSON

/// Writes a survey's two files, `survey.json` and `survey.html`, into a folder, each
/// atomically (`AtomicFile`).
package enum SurveyReportFiles {
    /// Writes both files into `directory` (created when missing).
    /// - Throws: `ReportWriteError` naming the file or folder that could not be written.
    @discardableResult
    package static func write(_ report: SurveyReport, to directory: String) throws(ReportWriteError) -> ReportFiles.Written {
        try ReportFiles.write(named: "survey", to: directory,
                              json: { () throws(FirestoreJSONError) in try SurveyJSON.bytes(of: report) },
                              html: { SurveyHTML.page(of: report) })
    }
}
