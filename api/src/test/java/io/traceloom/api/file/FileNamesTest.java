package io.traceloom.api.file;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FileNamesTest {

    @Test
    void anUploadedNameKeepsItsLastPartWithoutWhatCouldFoolAReader() {
        assertThat(FileNames.sanitise("logo.png")).isEqualTo("logo.png");
        assertThat(FileNames.sanitise("/etc/passwd")).isEqualTo("passwd");
        assertThat(FileNames.sanitise("C:\\Users\\me\\logo.png")).isEqualTo("logo.png");
        assertThat(FileNames.sanitise("a\u0000b\u001b[31m.png")).isEqualTo("ab[31m.png");
        assertThat(FileNames.sanitise("evil\u202Egnp.exe")).isEqualTo("evilgnp.exe");
        assertThat(FileNames.sanitise("zero\u200Bwidth.png")).isEqualTo("zerowidth.png");
        assertThat(FileNames.sanitise("line\u2028break.png")).isEqualTo("linebreak.png");
        assertThat(FileNames.sanitise("e\u0301te.png")).as("NFC").isEqualTo("\u00e9te.png");
        assertThat(FileNames.sanitise("  ..  ")).isEmpty();
        assertThat(FileNames.sanitise("dir/")).isEmpty();
        assertThat(FileNames.sanitise(null)).isEmpty();
        assertThat(FileNames.sanitise("\ud800.png")).isEqualTo(".png");
    }

    @Test
    void aLongNameIsShortenedBeforeItsExtension() {
        String shortened = FileNames.sanitise("n".repeat(400) + ".jpeg");
        assertThat(shortened).hasSize(255).endsWith("n.jpeg");
        String emoji = FileNames.sanitise("\uD83D\uDE00".repeat(200) + ".png");
        assertThat(emoji.length()).isLessThanOrEqualTo(255);
        assertThat(Character.isHighSurrogate(emoji.charAt(emoji.length() - 5))).isFalse();
        assertThat(FileNames.sanitise("x".repeat(300))).hasSize(255);
    }

    @Test
    void aNameAskedForMustBeOneAlready() {
        assertThat(FileNames.problemWith("logo.png")).isNull();
        assertThat(FileNames.problemWith("donn\u00e9es.csv")).isNull();
        assertThat(FileNames.problemWith("a/b")).contains("without a path");
        assertThat(FileNames.problemWith("a\\b")).contains("without a path");
        assertThat(FileNames.problemWith(" a")).contains("white space");
        assertThat(FileNames.problemWith("\u00a0")).contains("blank");
        assertThat(FileNames.problemWith("a\u202Eb")).contains("format");
        assertThat(FileNames.problemWith("..")).isEqualTo("must be a file name");
        assertThat(FileNames.problemWith("e\u0301")).contains("NFC");
        assertThat(FileNames.problemWith("k".repeat(256))).contains("255");
    }
}
