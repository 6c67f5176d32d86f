// Apache PDFBox (Debian's libpdfbox2-java) over a list of PDF files, in one
// Java process: the JVM's start-up costs more than a résumé's validation, so
// tests/e2e/pdfa_validation_test.cpp runs this once for all its files, as a
// single-file source program (`java -cp <PDFBox jars> PdfaValidate.java
// a.pdf b.pdf …`). For each file it prints tab-separated lines:
//
//   <file> \t preflight \t <code> : <details>   one per preflight error
//   <file> \t unmapped \t <font> <code>         a shown glyph whose code the
//                                               font's ToUnicode does not map
//                                               (or maps to U+0000, U+FEFF, U+FFFE)
//   <file> \t done                              the file was read to the end
//
// Preflight is PDFBox's PDF/A-1b validator, driven as its own command-line
// class, Validator_A1b, drives it (PreflightParser, then validate()); the
// test decides which of its messages PDF/A-2 allows. The Unicode check is
// PDF/A-2u's (ISO 19005-2, 6.2.11.7.2), which PDF/A-1b does not make: PDFBox
// reads every page's text and asks each glyph's font for the code's Unicode.
import java.io.File;
import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.preflight.PreflightDocument;
import org.apache.pdfbox.preflight.ValidationResult;
import org.apache.pdfbox.preflight.exception.SyntaxValidationException;
import org.apache.pdfbox.preflight.parser.PreflightParser;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.util.Matrix;
import org.apache.pdfbox.util.Vector;

public class PdfaValidate {
  // Every glyph a page shows goes through showGlyph with the font and the
  // code read from the string; the font's own ToUnicode answers for it.
  static final class UnicodeCheck extends PDFTextStripper {
    final Set<String> unmapped = new TreeSet<>();

    UnicodeCheck() throws IOException {}

    @Override
    protected void showGlyph(Matrix matrix, PDFont font, int code, String unicode, Vector displacement)
        throws IOException {
      final String mapped = font.toUnicode(code);
      if (mapped == null || mapped.isEmpty() || mapped.indexOf('\u0000') >= 0 || mapped.indexOf('\uFEFF') >= 0
          || mapped.indexOf('\uFFFE') >= 0)
        unmapped.add(font.getName() + " " + code);
      super.showGlyph(matrix, font, code, unicode, displacement);
    }
  }

  static void preflight(String path) throws IOException {
    ValidationResult result;
    final PreflightParser parser = new PreflightParser(new File(path));
    try {
      parser.parse();
      try (PreflightDocument document = parser.getPreflightDocument()) {
        document.validate();
        result = document.getResult();
      }
    } catch (SyntaxValidationException e) {
      result = e.getResult();
    }
    for (ValidationResult.ValidationError error : result.getErrorsList())
      System.out.println(path + "\tpreflight\t" + error.getErrorCode() + " : " + error.getDetails());
  }

  static void unicode(String path) throws IOException {
    try (PDDocument document = PDDocument.load(new File(path))) {
      final UnicodeCheck check = new UnicodeCheck();
      check.getText(document);
      for (String glyph : check.unmapped) System.out.println(path + "\tunmapped\t" + glyph);
    }
  }

  public static void main(String[] args) throws IOException {
    for (String path : args) {
      preflight(path);
      unicode(path);
      System.out.println(path + "\tdone");
    }
  }
}
