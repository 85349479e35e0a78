import { BeforeInsert, Column, Entity, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';

@Entity('products')
export class Product {
  @PrimaryGeneratedColumn()
  id: number;

  @VersionColumn()
  version: number;

  @Column({ length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  description: string | null;

  // NUMERIC arrives as a string.
  @Column({ type: 'numeric', precision: 18, scale: 2, transformer: { to: (value: number) => value, from: (value: string) => Number(value) } })
  price: number;

  @Column()
  quantity: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @BeforeInsert()
  stamp() {
    this.createdAt = new Date();
    this.updatedAt = this.createdAt;
  }
}
