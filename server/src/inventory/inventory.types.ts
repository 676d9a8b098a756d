import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { InvalidReason } from './key-lines';

@ObjectType({ description: 'A licence key given to an order (its owner and admins only, after payment)' })
export class LicenceKey {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  value: string;

  @Field(() => Date, { nullable: true })
  deliveredAt: Date | null;
}

@ObjectType({ description: "A product's licence keys by status" })
export class KeyStock {
  @Field(() => Int)
  available: number;

  @Field(() => Int)
  reserved: number;

  @Field(() => Int)
  delivered: number;

  @Field(() => Int)
  revoked: number;
}

@ObjectType({
  description: 'Lines of an import left out for one reason: the exact count and the first 1,000 line numbers',
})
export class KeyLines {
  @Field(() => Int)
  count: number;

  @Field(() => [Int])
  lines: number[];
}

@ObjectType()
export class InvalidKeyLine {
  @Field(() => Int)
  line: number;

  @Field(() => String, {
    description:
      'too-long (over 500 characters), control-characters or invisible-characters (zero-width, byte-order mark)',
  })
  reason: InvalidReason;
}

@ObjectType()
export class InvalidKeyLines {
  @Field(() => Int)
  count: number;

  @Field(() => [InvalidKeyLine], { description: 'The first 1,000' })
  lines: InvalidKeyLine[];
}

@ObjectType({ description: 'What an import of licence keys did, line by line' })
export class KeyImportResult {
  @Field(() => Int, { description: 'Keys added to stock' })
  added: number;

  @Field(() => KeyLines, { description: 'Every duplicate: keys already in stock and lines repeating an earlier one' })
  duplicates: KeyLines;

  @Field(() => KeyLines, {
    description: 'Keys the product already has (in any status: a key sold once is never sold again)',
  })
  alreadyInStock: KeyLines;

  @Field(() => KeyLines, { description: 'Lines repeating an earlier line of the same import (the first is imported)' })
  repeated: KeyLines;

  @Field(() => InvalidKeyLines)
  invalid: InvalidKeyLines;

  @Field(() => KeyStock, { description: 'The stock after the import' })
  stock: KeyStock;
}

@ObjectType({ description: 'Another product that lines of a previewed import point to' })
export class KeyImportOtherProduct {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => Int, { description: 'Lines holding its keys or looking like them' })
  lines: number;
}

@ObjectType({ description: 'What an import of licence keys would do; nothing is written until it is imported' })
export class KeyImportPreview {
  @Field(() => Int, { description: 'Non-blank lines read' })
  lines: number;

  @Field(() => Int, { description: 'Keys the import would add (new to this product; some may be flagged below)' })
  toAdd: number;

  @Field(() => KeyLines, { description: 'Keys the product already has (in any status)' })
  alreadyInStock: KeyLines;

  @Field(() => KeyLines, { description: 'Lines repeating an earlier line of the text' })
  repeated: KeyLines;

  @Field(() => InvalidKeyLines)
  invalid: InvalidKeyLines;

  @Field(() => KeyLines, { description: 'New keys another product already has in its stock (any status)' })
  inOtherProducts: KeyLines;

  @Field(() => KeyLines, { description: 'Keys already given to an order (reserved or delivered), in any product' })
  alreadySold: KeyLines;

  @Field(() => KeyLines, {
    description: "New keys in another product's format (its leading word and shape) and not in this product's",
  })
  otherFormat: KeyLines;

  @Field(() => [KeyImportOtherProduct], { description: 'The products those lines point to, most lines first' })
  otherProducts: KeyImportOtherProduct[];
}
