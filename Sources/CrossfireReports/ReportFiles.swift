import Crossfire
import FirestoreJSON
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
    package static func write(_ report: Report, to directory: String) throws(ReportWriteError) -> Written {
        try write(named: "report", to: directory, json: { () throws(FirestoreJSONError) in try ReportJSON.bytes(of: report) },
                  html: { ReportHTML.page(of: report) })
    }

    /// Writes `NAME.json` and `NAME.html` into `directory` (created when missing), each
    /// atomically.
    static func write(named name: String, to directory: String, json: () throws(FirestoreJSONError) -> [UInt8],
                      html: () -> String) throws(ReportWriteError) -> Written {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportWriteError(path: directory, message: "cannot create the folder: \(FileError.reason(of: error))")
        }
        let written = Written(json: (directory as NSString).appendingPathComponent(name + ".json"),
                              html: (directory as NSString).appendingPathComponent(name + ".html"))
        let bytes: [UInt8]
        do {
            bytes = try json()
        } catch {
            throw ReportWriteError(path: written.json, message: "cannot write the report as JSON: \(error)")
        }
        try AtomicFile.write(bytes, to: written.json)
        try AtomicFile.write(Array(html().utf8), to: written.html)
        return written
    }
}
