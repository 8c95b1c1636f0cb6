import Foundation

/// Writes a report's two files, `report.json` and `report.html`, into a folder, each
/// atomically (`AtomicFile`).
public enum ReportFiles {
    /// The paths written.
    public struct Written: Sendable, Hashable {
        /// `DIR/report.json`.
        public var json: String
        /// `DIR/report.html`.
        public var html: String
    }

    /// Writes both files into `directory` (created when missing).
    /// - Throws: `ReportWriteError` naming the file or folder that could not be written.
    @discardableResult
    public static func write(_ report: Report, to directory: String) throws(ReportWriteError) -> Written {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportWriteError(path: directory, message: "cannot create the folder: \(error.localizedDescription)")
        }
        let written = Written(json: (directory as NSString).appendingPathComponent("report.json"),
                              html: (directory as NSString).appendingPathComponent("report.html"))
        let json: [UInt8]
        do {
            json = try ReportJSON.bytes(of: report)
        } catch {
            throw ReportWriteError(path: written.json, message: "cannot write the report as JSON: \(error)")
        }
        try AtomicFile.write(json, to: written.json)
        try AtomicFile.write(Array(ReportHTML.page(of: report).utf8), to: written.html)
        return written
    }
}
